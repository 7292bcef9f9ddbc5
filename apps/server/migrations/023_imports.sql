-- Statement files (ARCHITECTURE §10, issue 22): an import is a preview of a file's rows until
-- it is committed; committing records the new rows, links the matched ones and remembers every
-- row in bank_rows so the same file (or an overlapping one) never records twice.

create table imports (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  account_id bigint not null references accounts (id) on delete cascade,
  created_by text references profiles (id) on delete set null,
  format text not null check (format in ('ofx', 'nubank', 'inter', 'csv')),
  status text not null default 'preview' check (status in ('preview', 'committed')),
  period_from date,
  period_to date,
  recorded integer not null default 0,
  linked integer not null default 0,
  created_at timestamptz not null default now(),
  committed_at timestamptz
);
create index imports_ledger on imports (ledger_id, id desc);

create table import_items (
  import_id bigint not null references imports (id) on delete cascade,
  ord integer not null,
  occurred_on date not null,
  description text not null,
  amount_cents bigint not null check (amount_cents > 0),
  type text not null check (type in ('income', 'expense', 'transfer')),
  category text,
  fitid text,
  state text not null check (state in ('new', 'duplicate', 'matched')),
  -- 'matched': the typed entry this row is; after commit, the entry recorded for a 'new' row.
  transaction_id bigint references transactions (id) on delete set null,
  transfer_id bigint references transfers (id) on delete set null,
  -- Close but not certain (a matched entry a day or more away or with another description).
  review boolean not null default false,
  -- The person said this match was wrong: never match it again.
  unmatched boolean not null default false,
  primary key (import_id, ord)
);

-- Every row ever committed, per account: what "already imported" means (same account, date,
-- amount, type, description and bank id). Identical rows are counted, not unique: a file with
-- two equal rows keeps both, and importing it again finds both.
create table bank_rows (
  account_id bigint not null references accounts (id) on delete cascade,
  occurred_on date not null,
  amount_cents bigint not null,
  type text not null,
  description text not null,
  fitid text not null default '',
  import_id bigint references imports (id) on delete set null
);
create index bank_rows_key on bank_rows (account_id, occurred_on, amount_cents);

-- A typed entry the bank confirmed (linked to an imported row), and entries an import recorded.
alter table transactions add column bank_seen_at timestamptz;
alter table transactions add column import_id bigint references imports (id) on delete set null;
create index transactions_import on transactions (import_id) where import_id is not null;

-- The column mapping a person confirmed for another bank's CSV, remembered per account.
create table csv_mappings (
  account_id bigint primary key references accounts (id) on delete cascade,
  mapping jsonb not null,
  updated_at timestamptz not null default now()
);
