-- Password guessing (issue #16, docs/decisions/010-password-failures-not-attempts.md): wrong
-- passwords are counted per account and client address, and per account from every address,
-- instead of counting every attempt per account (which let anyone lock the owner out).
-- Keys are HMACs (auth/password-failures.ts): no e-mail or IP address is stored in clear.

-- address_key '*' is the account-wide row. Unlogged like rate_limits: a crash only resets them.
create unlogged table password_failures (
  account_key text not null,
  address_key text not null,
  failures integer not null,
  window_started_at timestamptz not null,
  last_failure_at timestamptz not null,
  locked_until timestamptz,
  primary key (account_key, address_key)
);

create index password_failures_last_idx on password_failures (last_failure_at);

-- Addresses the account signed in from with the right password: the account-wide ceiling does
-- not apply to them, so an attack from elsewhere cannot lock the owner out where they usually
-- are. Logged: losing these during an attack is exactly when they matter.
create table password_known_addresses (
  account_key text not null,
  address_key text not null,
  last_success_at timestamptz not null,
  primary key (account_key, address_key)
);

create index password_known_addresses_last_idx on password_known_addresses (last_success_at);
