-- Accounts, credit cards and transfers (issue 21, ARCHITECTURE §9, ADR 022).
--
-- How this runs, and why it is split in two files: platform/db/migrate.ts applies each file in
-- ONE transaction, at boot, before this instance serves (other instances of the old code may
-- still be serving). Every lock a file takes is therefore held until the file commits, so
-- "batches" inside one file would release nothing. `alter table transactions add column` takes
-- an ACCESS EXCLUSIVE lock (no reads, no writes) on the busiest table; this file only does
-- work that is instant or nearly so under it (a nullable column without a default and NOT
-- VALID constraints change the catalogue, they rewrite and scan nothing; the new index is
-- partial on a column still null everywhere: one read of the table, nothing to sort or
-- store), then commits and lets go. The backfill, which touches every existing entry, is
-- 019_entries_on_default_accounts.sql: its own transaction, holding row locks on what it
-- moves, so reads go on while it runs (see there for what waits).
--
-- lock_timeout: waiting for the ACCESS EXCLUSIVE lock behind a long query would queue every
-- other query behind us; fail the boot instead (it is retried on the next start).
set local lock_timeout = '5s';

-- A ledger's accounts. Card-only columns are null unless kind = 'credit_card'; a card needs its
-- closing and due days.
create table accounts (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 60),
  kind text not null
    check (kind in ('checking', 'savings', 'cash', 'investment', 'credit_card')),
  opening_balance_cents bigint not null default 0
    check (opening_balance_cents between -100000000000 and 100000000000),
  is_default boolean not null default false,
  archived boolean not null default false,
  closing_day smallint check (closing_day between 1 and 31),
  due_day smallint check (due_day between 1 and 31),
  limit_cents bigint check (limit_cents between 0 and 100000000000),
  last_digits text check (last_digits ~ '^[0-9]{4}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The target of the (account, ledger) foreign keys below: an entry or a transfer can only
  -- name an account of its own ledger, whatever the code above does.
  constraint accounts_id_ledger unique (id, ledger_id),
  constraint accounts_card_fields check (
    case when kind = 'credit_card' then closing_day is not null and due_day is not null
         else closing_day is null and due_day is null and limit_cents is null
              and last_digits is null end),
  -- The default is where entries without an account go: it cannot be put away.
  constraint accounts_default_not_archived check (not (is_default and archived))
);

-- Exactly one default per ledger (the insert below and the trigger give every ledger one).
create unique index accounts_one_default_idx on accounts (ledger_id) where is_default;
-- Names are unique per ledger whatever the case ('Nubank' and 'nubank' would be one to the
-- assistant); also the index of a ledger's accounts.
create unique index accounts_ledger_name_idx on accounts (ledger_id, lower(name));

create function ledgers_default_account() returns trigger language plpgsql as $$
begin
  insert into accounts (ledger_id, name, kind, is_default)
  values (new.id, 'Conta principal', 'checking', true);
  return null;
end $$;

create trigger ledgers_default_account after insert on ledgers
  for each row execute function ledgers_default_account();

-- After the trigger, whose creation holds off new ledgers until this commits: a ledger committed
-- before is seen here, one made after gets its account from the trigger.
insert into accounts (ledger_id, name, kind, is_default)
select id, 'Conta principal', 'checking', true from ledgers;

-- Every entry is on an account. Nullable and NOT VALID here (instant); 019 fills the existing
-- rows and validates both constraints. The key is (account, ledger), so an entry cannot land
-- on another ledger's account. No ON DELETE action: an account in use is
-- never deleted (the API answers 409); a ledger deleted with its person takes both along.
alter table transactions add column account_id bigint;
alter table transactions
  add constraint transactions_account_fk foreign key (account_id, ledger_id)
  references accounts (id, ledger_id) not valid;
-- The column's NOT NULL, as a CHECK: checked on every new or changed row from now on (the
-- trigger below fills new ones), and on the existing rows when 019 validates it under a lock
-- that blocks no one. (SET NOT NULL would need an ACCESS EXCLUSIVE lock at the end of 019,
-- which an entry waiting on 019's row locks would deadlock with; the validated CHECK says the
-- same thing to every writer.)
alter table transactions
  add constraint transactions_account_present check (account_id is not null) not valid;

-- An entry recorded without an account goes to the ledger's default: the old code (another
-- instance still running it during a deploy, or any insert that does not name one) keeps
-- working. WHEN keeps the trigger from even running when the account is given.
create function transactions_default_account() returns trigger language plpgsql as $$
begin
  select a.id into new.account_id from accounts a where a.ledger_id = new.ledger_id and a.is_default;
  return new;
end $$;

create trigger transactions_default_account before insert on transactions
  for each row when (new.account_id is null) execute function transactions_default_account();

-- GET /api/v1/transactions?account_id= (newest first, keyset on (occurred_on, id)) and "is
-- this account in use" (the foreign key's check when an account is deleted). Partial, so that
-- building it now, while every row is null, stores nothing; `account_id = $1` implies the
-- predicate, and after 019 every row satisfies it anyway.
create index transactions_account_day_idx
  on transactions (account_id, occurred_on desc, id desc) where account_id is not null;

-- Each account's entries, kept by the trigger below in the entry's own transaction (like
-- ledger_month_totals, migration 005), so neither a balance nor a card's bills read the entries
-- themselves however many the account holds:
-- - account_totals: all of an account's entries (one row per account). A balance is the
--   opening balance + this − what is dated after today (a few days' rows: installments) +
--   transfers.
-- - account_day_totals: per day (a card's bills group its days; the days after today).
-- net_cents = income − expense; entries counts them (a bill "has entries" even when they net to
-- zero). Rows whose entries fall to 0 stay, and readers skip them.
create table account_totals (
  account_id bigint primary key references accounts (id) on delete cascade,
  net_cents bigint not null,
  entries bigint not null
);

create table account_day_totals (
  account_id bigint not null references accounts (id) on delete cascade,
  day date not null,
  net_cents bigint not null,
  entries integer not null,
  primary key (account_id, day)
);

-- One statement's changes summed per (account, day) into `delta`, then applied to both tables
-- in key order: every statement runs the same plan (the day rows, then the account's row, or
-- the other way round, but always the same), so two statements lock shared rows in the same
-- order (no deadlock). Entries of an account that is gone (a ledger deleted with its person
-- takes accounts and entries together) are skipped. An edit that moves no money between keys
-- (a new description) touches no row; one that moves an entry to another day of the same
-- account leaves the account's row alone. Each branch names only the transition tables its
-- event has (plpgsql plans a statement when it first runs it, so the other branches never see
-- a missing table).
create function transactions_account_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    with delta as (
      select account_id, occurred_on as day, count(*) as n,
             sum(case when type = 'income' then amount_cents else -amount_cents end) as cents
        from new_rows
       where account_id is not null
       group by 1, 2),
    days as (
      insert into account_day_totals as t (account_id, day, net_cents, entries)
      select account_id, day, cents, n from delta order by 1, 2
      on conflict (account_id, day) do update
        set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries)
    insert into account_totals as t (account_id, net_cents, entries)
    select account_id, sum(cents), sum(n) from delta
     group by 1 having sum(cents) <> 0 or sum(n) <> 0 order by 1
    on conflict (account_id) do update
      set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries;
  elsif tg_op = 'DELETE' then
    with delta as (
      select account_id, occurred_on as day, -count(*) as n,
             sum(case when type = 'income' then -amount_cents else amount_cents end) as cents
        from old_rows
       where account_id is not null
         and exists (select 1 from accounts a where a.id = old_rows.account_id)
       group by 1, 2),
    days as (
      insert into account_day_totals as t (account_id, day, net_cents, entries)
      select account_id, day, cents, n from delta order by 1, 2
      on conflict (account_id, day) do update
        set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries)
    insert into account_totals as t (account_id, net_cents, entries)
    select account_id, sum(cents), sum(n) from delta
     group by 1 having sum(cents) <> 0 or sum(n) <> 0 order by 1
    on conflict (account_id) do update
      set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries;
  else
    with delta as (
      select account_id, day, sum(cents) as cents, sum(n) as n
        from (select account_id, occurred_on as day, 1 as n,
                     case when type = 'income' then amount_cents else -amount_cents end as cents
                from new_rows
              union all
              select account_id, occurred_on, -1,
                     case when type = 'income' then -amount_cents else amount_cents end
                from old_rows) as c
       where account_id is not null
       group by 1, 2
      having sum(cents) <> 0 or sum(n) <> 0),
    days as (
      insert into account_day_totals as t (account_id, day, net_cents, entries)
      select account_id, day, cents, n from delta order by 1, 2
      on conflict (account_id, day) do update
        set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries)
    insert into account_totals as t (account_id, net_cents, entries)
    select account_id, sum(cents), sum(n) from delta
     group by 1 having sum(cents) <> 0 or sum(n) <> 0 order by 1
    on conflict (account_id) do update
      set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries;
  end if;
  return null;
end $$;

-- A card's bill for an entry dated `day`: the rule of packages/shared/src/card-bills.ts
-- (cardBillMonthOf), here so the database groups a card's days into bills and hands over one
-- row per bill instead of one per day. card-bills.queries.test.ts holds the two to the same
-- answers for every pair of days over years of dates.
create function card_bill_month(day date, closing_day int, due_day int) returns text
language sql immutable parallel safe as $$
  select to_char(
    date_trunc('month', day::timestamp)
      + case when extract(day from day) <= least(closing_day,
                  extract(day from date_trunc('month', day::timestamp) + interval '1 month - 1 day'))
             then interval '0' else interval '1 month' end
      + case when due_day > closing_day then interval '0' else interval '1 month' end,
    'YYYY-MM')
$$;

create trigger transactions_account_totals_insert after insert on transactions
  referencing new table as new_rows
  for each statement execute function transactions_account_totals();
create trigger transactions_account_totals_update after update on transactions
  referencing old table as old_rows new table as new_rows
  for each statement execute function transactions_account_totals();
create trigger transactions_account_totals_delete after delete on transactions
  referencing old table as old_rows
  for each statement execute function transactions_account_totals();

-- Money moved between two accounts of a ledger. Not an entry: it never enters
-- ledger_month_totals, the summary, reports, budgets, alerts, analysis or the plan's monthly
-- count (it claims no slot). Paying a card bill is one (into the card). Balances sum these
-- live through the two account indexes: a ledger has few transfers next to its entries, and a
-- live sum takes no lock a concurrent entry could wait on.
create table transfers (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  from_account_id bigint not null,
  to_account_id bigint not null,
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 100000000000),
  occurred_on date not null,
  description text not null default 'Transferência'
    check (char_length(description) between 1 and 200),
  created_by text references profiles (id) on delete set null,
  source text not null check (source in ('whatsapp', 'web', 'api')),
  -- The same WhatsApp message never records twice.
  whatsapp_message_id text unique,
  created_at timestamptz not null default now(),
  constraint transfers_two_accounts check (from_account_id <> to_account_id),
  -- Both accounts of the transfer's own ledger. No ON DELETE action, like entries: an account
  -- a transfer names is in use and is not deleted (409); checked at the end of the statement,
  -- so a ledger's deletion that cascades to accounts and transfers together goes through.
  constraint transfers_from_fk foreign key (from_account_id, ledger_id)
    references accounts (id, ledger_id),
  constraint transfers_to_fk foreign key (to_account_id, ledger_id)
    references accounts (id, ledger_id)
);

-- The list, newest first; and each account's transfers up to a day (balances, card payments).
create index transfers_ledger_day_idx on transfers (ledger_id, occurred_on desc, id desc);
create index transfers_from_idx on transfers (from_account_id, occurred_on) include (amount_cents);
create index transfers_to_idx on transfers (to_account_id, occurred_on) include (amount_cents);
