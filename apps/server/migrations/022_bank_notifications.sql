-- Forwarded bank notifications (ARCHITECTURE §10): the same notification forwarded twice records
-- once. One row per notification read into an entry, keyed by the ledger and the SHA-256 of the
-- notification's normalized text (@equilibrai/assistant notificationFingerprint) and the day it is
-- dated (its own date, else the message's: an undated push repeated the next day is a new purchase).
-- A table of its own, not a column on transactions: a notification in installments makes several
-- entries, the hot transactions table needs no new column or index, and when the entry is deleted
-- ('desfazer') the row goes with it (on delete cascade), so forwarding it again records it again.
create table bank_notifications (
  ledger_id bigint not null references ledgers (id) on delete cascade,
  fingerprint bytea not null check (octet_length(fingerprint) = 32),
  transaction_id bigint references transactions (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (ledger_id, fingerprint)
);

create index bank_notifications_transaction on bank_notifications (transaction_id);
