-- Several entries from one message, and purchases in installments (issue 11, ADR 012).
--
-- entry_group ties the entries one WhatsApp message recorded ('uber 20 e ifood 40', or the
-- twelve installments of 'TV de 2.400 em 12x'): 'desfazer' removes the group together. Only
-- the group's first entry carries the message's whatsapp_message_id (it is unique).
-- installment_number / installment_count label 'TV (2/12)'; an installment dated in a later
-- month than it was recorded counts against that month's plan limit (ledger/monthly-limit.ts).
alter table transactions
  add column entry_group uuid,
  add column installment_number smallint,
  add column installment_count smallint,
  add constraint transactions_installment_check check (
    (installment_number is null and installment_count is null)
    or (entry_group is not null
        and installment_count between 2 and 72
        and installment_number between 1 and installment_count));

create index transactions_entry_group_idx on transactions (entry_group)
  where entry_group is not null;

-- When the assistant asked its question (pending_until is asked_at + the window): the answer
-- must be the very next message, so every other message clears the question.
alter table assistant_state add column pending_at timestamptz;
