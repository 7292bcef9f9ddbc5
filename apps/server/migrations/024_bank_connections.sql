-- Open Finance (ARCHITECTURE §11): banks connected through the aggregator (Pluggy). We keep the
-- aggregator's item id, never a bank password.
create table bank_connections (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  created_by text references profiles (id) on delete set null,
  -- One item, one ledger: the same item connected again elsewhere is refused.
  item_id text not null unique,
  connector_id integer,
  institution text not null check (char_length(institution) between 1 and 100),
  status text not null default 'syncing'
    check (status in ('syncing', 'ok', 'login_error', 'needs_action', 'outdated')),
  -- The label of the code the bank asked for (needs_action because of MFA), else null.
  mfa_label text,
  last_synced_at timestamptz,
  error text,
  -- Transactions created at the aggregator from this moment on are still to be read.
  read_from timestamptz,
  -- The status a failure message was last sent for: one message per entry into a failing state.
  notified_status text,
  created_at timestamptz not null default now()
);
create index bank_connections_ledger on bank_connections (ledger_id);

-- Each bank account or card of a connection and the account of ours it became.
create table bank_connection_accounts (
  connection_id bigint not null references bank_connections (id) on delete cascade,
  remote_id text not null,
  account_id bigint not null references accounts (id) on delete cascade,
  -- Set once the first sync put the bank's balance into the opening balance.
  balanced boolean not null default false,
  primary key (connection_id, remote_id)
);

-- Every aggregator transaction applied, by the aggregator's id: the same one never records
-- twice. `created` says whether the entry (or transfer) is ours to delete with the connection's
-- data; a matched entry was typed by the person and stays.
create table bank_synced_transactions (
  connection_id bigint not null references bank_connections (id) on delete cascade,
  remote_id text not null,
  remote_account_id text not null,
  transaction_id bigint references transactions (id) on delete set null,
  transfer_id bigint references transfers (id) on delete set null,
  created boolean not null,
  updated_at timestamptz not null default now(),
  primary key (connection_id, remote_id)
);
create index bank_synced_transactions_entry on bank_synced_transactions (transaction_id)
  where transaction_id is not null;

-- Transactions the aggregator said were changed or removed (webhooks), re-read by the next sync.
create table bank_sync_hints (
  connection_id bigint not null references bank_connections (id) on delete cascade,
  remote_account_id text not null,
  remote_id text not null,
  primary key (connection_id, remote_id)
);

-- The aggregator's webhook events, each applied once.
create table pluggy_webhook_events (
  event_id text primary key,
  received_at timestamptz not null default now()
);
