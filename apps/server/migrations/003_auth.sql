-- Better Auth's tables (ADR 003). Generated once for our configuration (email and password,
-- Google, GitHub, the admin plugin) with better-auth/db/migration's compileMigrations() against
-- an empty database, then formatted by hand. A Better Auth upgrade that needs other columns
-- fails the schema test (test/auth-schema.test.ts): regenerate and add a new migration then.
-- Column names are Better Auth's own camelCase, so SQL that touches these tables quotes them.
create table "user" (
  "id" text not null primary key,
  "name" text not null,
  "email" text not null unique,
  "emailVerified" boolean not null,
  "image" text,
  "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
  "updatedAt" timestamptz default CURRENT_TIMESTAMP not null,
  "role" text,
  "banned" boolean,
  "banReason" text,
  "banExpires" timestamptz
);

create table "session" (
  "id" text not null primary key,
  "expiresAt" timestamptz not null,
  "token" text not null unique,
  "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
  "updatedAt" timestamptz not null,
  "ipAddress" text,
  "userAgent" text,
  "userId" text not null references "user" ("id") on delete cascade,
  "impersonatedBy" text
);

create table "account" (
  "id" text not null primary key,
  "accountId" text not null,
  "providerId" text not null,
  "userId" text not null references "user" ("id") on delete cascade,
  "accessToken" text,
  "refreshToken" text,
  "idToken" text,
  "accessTokenExpiresAt" timestamptz,
  "refreshTokenExpiresAt" timestamptz,
  "scope" text,
  "password" text,
  "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
  "updatedAt" timestamptz not null
);

create table "verification" (
  "id" text not null primary key,
  "identifier" text not null,
  "value" text not null,
  "expiresAt" timestamptz not null,
  "createdAt" timestamptz default CURRENT_TIMESTAMP not null,
  "updatedAt" timestamptz default CURRENT_TIMESTAMP not null
);

create index "session_userId_idx" on "session" ("userId");
create index "account_userId_idx" on "account" ("userId");
create index "verification_identifier_idx" on "verification" ("identifier");

-- Ours, beyond Better Auth's: one local account per provider identity, even under a race.
create unique index account_provider_account_uniq on "account" ("providerId", "accountId");

-- A profile belongs to a user and goes with it. Deferred: sign-up writes the profile and the
-- free subscription in the user's own transaction just before Better Auth inserts the user row
-- (auth/auth.ts), so the reference is checked at commit.
alter table profiles
  add constraint profiles_user_fk foreign key (id) references "user" (id)
  on delete cascade deferrable initially deferred;
