-- Reports (issue 13, ARCHITECTURE §8): the monthly report's daily series and top expenses,
-- the scheduled weekly and monthly reports, and the PDF statement sent as a WhatsApp document.

-- The month's days and a week's categories: an index-only scan over the period's entries
-- (the heap is not read), however many other months the ledger holds. Totals per month come
-- from ledger_month_totals (005_ledger.sql).
create index transactions_ledger_day_money_idx on transactions (ledger_id, occurred_on)
  include (type, category, amount_cents);

-- The month's largest expenses: the first rows of this index, not a sort of the whole month.
-- Queries must say date_trunc('month', occurred_on::timestamp) exactly like this.
create index transactions_month_top_expense_idx
  on transactions (ledger_id, (date_trunc('month', occurred_on::timestamp)), amount_cents desc, id desc)
  where type = 'expense';

-- One scheduled report per person, kind and period, ever: the row is inserted in the same
-- transaction that queues the message, so a rerun, a retried job or a crash after the commit
-- finds it and sends nothing again (period: the week's Monday or the month's first day).
create table report_deliveries (
  user_id text not null references "user" (id) on delete cascade,
  kind text not null check (kind in ('weekly', 'monthly')),
  period date not null,
  outbound_id bigint,
  created_at timestamptz not null default now(),
  primary key (user_id, kind, period)
);

-- Files sent as WhatsApp documents (the PDF statement). Stored once when the reply is decided,
-- so a retried send uploads the same bytes, and the simulator offers the same file to download;
-- media_id is Meta's id after the upload (reused by a retry). Erased with the message texts
-- (retention, ADR 008).
create table whatsapp_documents (
  id bigint generated always as identity primary key,
  user_id text not null references profiles (id) on delete cascade,
  filename text not null check (char_length(filename) between 1 and 200),
  mime_type text not null,
  content bytea not null,
  media_id text,
  -- The message that asked for it: a redelivered or retried message finds the same file.
  source_message_id text unique,
  created_at timestamptz not null default now()
);

create index whatsapp_documents_created_idx on whatsapp_documents (created_at);

alter table whatsapp_outbound drop constraint whatsapp_outbound_kind_check;
alter table whatsapp_outbound add constraint whatsapp_outbound_kind_check
  check (kind in ('text', 'interactive', 'template', 'document'));
