-- Support requests and named account managers (issue 14, ARCHITECTURE §8, ADR 015).
--
-- tier is the service level the request was opened under, from the plan of the ledger the
-- person works in (a team member gets the owner's): 0 dedicated (suporte_dedicado),
-- 1 priority (suporte_prioritário), 2 standard. Kept with the request, with the plan's name,
-- so the admin queue's order does not shift under an admin's eyes when a plan changes.
create table support_requests (
  id bigint generated always as identity primary key,
  user_id text not null references profiles (id) on delete cascade,
  subject text not null check (char_length(subject) between 1 and 150),
  message text not null check (char_length(message) between 1 and 5000),
  plan_type text not null references plan_features (plan_type),
  tier smallint not null check (tier between 0 and 2),
  source text not null check (source in ('web', 'whatsapp')),
  status text not null default 'open' check (status in ('open', 'answered')),
  answer text check (answer is null or char_length(answer) between 1 and 5000),
  answered_by text references profiles (id) on delete set null,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  constraint support_requests_answered check ((status = 'answered') = (answer is not null))
);

-- The admin queue: open requests, dedicated → priority → standard, then oldest first.
create index support_requests_queue_idx on support_requests (tier, created_at, id)
  where status = 'open';
create index support_requests_user_idx on support_requests (user_id, created_at desc);

-- The named account manager of an Empresas 15 customer (set by an admin).
create table account_managers (
  owner_user_id text primary key references profiles (id) on delete cascade,
  name text not null check (char_length(name) between 2 and 100),
  email text not null check (char_length(email) between 3 and 254),
  whatsapp text not null check (whatsapp ~ '^\d{10,15}$'),
  updated_by text references profiles (id) on delete set null,
  updated_at timestamptz not null default now()
);
