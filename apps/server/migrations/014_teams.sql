-- Teams of the business plans (issue 14, ARCHITECTURE §8, ADR 015).
--
-- The subscriber of an empresas plan owns a team whose ledger is the owner's own ledger.
-- Members write into it for as long as the owner's CURRENT plan allows members: that is decided
-- on every call by ledgerForUser (ledger/ledgers.queries.ts), never stored here, so a downgrade
-- or cancellation sends members back to their own ledger at once and an upgrade brings them
-- back, with nothing deleted either way.
create table teams (
  id bigint generated always as identity primary key,
  owner_user_id text not null unique references subscribers (user_id) on delete cascade,
  ledger_id bigint not null unique references ledgers (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- A person is a member of at most one team (their entries must go to exactly one ledger).
create table team_members (
  team_id bigint not null references teams (id) on delete cascade,
  user_id text not null unique references profiles (id) on delete cascade,
  joined_at timestamptz not null default now(),
  primary key (team_id, user_id)
);

-- Invitations by e-mail. Only the SHA-256 of the token is stored: the link in the e-mail is
-- the only copy of the token. Pending = not accepted, not cancelled, not expired; a pending
-- invitation holds a seat (owner + members + pending ≤ max_users), checked with the team row
-- locked (select … for update), so concurrent invitations cannot pass the limit.
create table team_invitations (
  id bigint generated always as identity primary key,
  team_id bigint not null references teams (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  token_hash text not null unique,
  invited_by text references profiles (id) on delete set null,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text references profiles (id) on delete set null,
  cancelled_at timestamptz,
  created_at timestamptz not null default now()
);

-- One open invitation per address and team (expired ones are closed before a new one).
create unique index team_invitations_open_email_idx on team_invitations (team_id, email)
  where accepted_at is null and cancelled_at is null;

-- Team members filter /financas by who recorded an entry.
create index transactions_ledger_created_by_idx on transactions (ledger_id, created_by);
