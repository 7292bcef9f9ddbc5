-- Public API (issue 15, ARCHITECTURE §8): API keys and Idempotency-Key replays.
--
-- A key is `eqk_` + 32 random bytes (base64url). Only its HMAC-SHA256 under a server secret
-- derived from AUTH_SECRET is stored (ADR 016); `prefix` is the first characters, shown in
-- lists so people can tell their keys apart. Revoking sets revoked_at: the row stays for the
-- list's history, and every lookup filters it out, so a revoked key answers 401 at once on
-- every instance (nothing is cached in memory).
create table api_keys (
  id bigint generated always as identity primary key,
  user_id text not null references "user" (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 60),
  prefix text not null,
  key_hash bytea not null unique,
  created_at timestamptz not null default now(),
  -- Touched at most once a minute (api-keys.queries.ts), so a busy key costs no write per call.
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user on api_keys (user_id, created_at desc);

-- POST requests with an Idempotency-Key: the first response is stored and replayed for 24 h
-- to the same caller with the same key and the same body; another body answers 422. A row
-- with status null is a request still running (a concurrent retry answers 409).
create table idempotency_keys (
  user_id text not null references "user" (id) on delete cascade,
  key text not null check (char_length(key) between 1 and 255),
  request_hash text not null,
  status int,
  content_type text,
  body text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '24 hours',
  primary key (user_id, key)
);
create index idempotency_keys_expiry on idempotency_keys (expires_at);
