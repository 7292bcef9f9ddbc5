-- Outgoing webhooks (issue 15, ARCHITECTURE §8, ADR 017).
--
-- An endpoint belongs to a ledger (a team member's endpoints serve the team's ledger). Its
-- secret signs every delivery (Equilibrai-Signature), so it is kept as is: it is a credential
-- of the receiver's, like a password we must be able to present, not one we check.
create table webhook_endpoints (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  created_by text references "user" (id) on delete set null,
  url text not null check (char_length(url) <= 2000),
  events text[] not null check (cardinality(events) > 0),
  secret text not null,
  created_at timestamptz not null default now(),
  -- The first failed attempt since the last success; 3 days of failures disable the endpoint.
  failing_since timestamptz,
  disabled_at timestamptz
);
create index webhook_endpoints_ledger on webhook_endpoints (ledger_id) where disabled_at is null;

-- One row per event, written in the same transaction as the change it reports: an entry
-- recorded is an event queued, even across a crash.
create table webhook_events (
  id text primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index webhook_events_ledger on webhook_events (ledger_id, created_at desc);

-- One row per event and endpoint: the delivery log.
create table webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id text not null references webhook_events (id) on delete cascade,
  endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts int not null default 0,
  last_status_code int,
  last_error text,
  last_attempt_at timestamptz,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  unique (event_id, endpoint_id)
);
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc);
