-- Accounts, credit cards and transfers (issue 21, ARCHITECTURE §9, ADR 022).
--
-- How this runs, and why it is split in two files: platform/db/migrate.ts applies each file in
-- ONE transaction, at boot, before this instance serves (other instances of the old code may
-- still be serving). Every lock a file takes is therefore held until the file commits, so
-- "batches" inside one file would release nothing. `alter table transactions add column` takes
-- an ACCESS EXCLUSIVE lock (no reads, no writes) on the busiest table; this file only does
-- work that is instant under it (a nullable column without a default and a NOT VALID foreign
-- key change the catalogue, they rewrite and scan nothing; the new index is built over a
-- column that is still all null), then commits and lets go. The backfill, which touches every
-- existing entry, is 018a_entries_on_default_accounts.sql: its own transaction, holding only
-- row locks on the rows it moves, so reads and new entries go on while it runs.
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

insert into accounts (ledger_id, name, kind, is_default)
select id, 'Conta principal', 'checking', true from ledgers;

create function ledgers_default_account() returns trigger language plpgsql as $$
begin
  insert into accounts (ledger_id, name, kind, is_default)
  values (new.id, 'Conta principal', 'checking', true);
  return null;
end $$;

create trigger ledgers_default_account after insert on ledgers
  for each row execute function ledgers_default_account();

-- Every entry is on an account. Nullable and NOT VALID here (instant); 018a fills the existing
-- rows, validates the constraints and makes the column NOT NULL. The key is (account, ledger), so an
-- entry cannot land on another ledger's account. No ON DELETE action: an account in use is
-- never deleted (the API answers 409); a ledger deleted with its person takes both along.
alter table transactions add column account_id bigint;
alter table transactions
  add constraint transactions_account_fk foreign key (account_id, ledger_id)
  references accounts (id, ledger_id) not valid;
-- Checked on every new or changed row from now on (the trigger below fills new ones), not on
-- the existing rows until 018a validates it: NOT NULL then needs no scan under a strong lock.
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
-- this account in use". Built over a column that is null everywhere yet.
create index transactions_account_day_idx
  on transactions (account_id, occurred_on desc, id desc);

-- Each account's entries per day, kept by the triggers below in the entry's own transaction
-- (like ledger_month_totals, migration 005): a balance sums one row per day with entries up to
-- today, and a card's bills group its days, however many entries the account holds. net_cents
-- = income − expense; entries counts them (a bill "has entries" even when they net to zero).
-- Rows whose entries fall to 0 stay, and readers skip them.
create table account_day_totals (
  account_id bigint not null references accounts (id) on delete cascade,
  day date not null,
  net_cents bigint not null,
  entries integer not null,
  primary key (account_id, day)
);

-- One statement's changes summed per (account, day) and applied in key order: two statements
-- touching the same keys lock them in the same order (no deadlock). Entries of an account
-- that is gone (a ledger deleted with its person takes accounts and entries together) are
-- skipped. An edit that moves no money between keys (a new description) touches no row. Each
-- branch names only the transition tables its event has (plpgsql plans a statement when it
-- first runs it, so the other branches never see a missing table).
create function transactions_account_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into account_day_totals as t (account_id, day, net_cents, entries)
    select account_id, occurred_on,
           sum(case when type = 'income' then amount_cents else -amount_cents end), count(*)
      from new_rows
     where account_id is not null
     group by 1, 2
     order by 1, 2
    on conflict (account_id, day) do update
      set net_cents = t.net_cents + excluded.net_cents,
          entries = t.entries + excluded.entries;
  elsif tg_op = 'DELETE' then
    insert into account_day_totals as t (account_id, day, net_cents, entries)
    select account_id, occurred_on,
           sum(case when type = 'income' then -amount_cents else amount_cents end), -count(*)
      from old_rows
     where account_id is not null
       and exists (select 1 from accounts a where a.id = old_rows.account_id)
     group by 1, 2
     order by 1, 2
    on conflict (account_id, day) do update
      set net_cents = t.net_cents + excluded.net_cents,
          entries = t.entries + excluded.entries;
  else
    insert into account_day_totals as t (account_id, day, net_cents, entries)
    select account_id, occurred_on, sum(cents), sum(n)
      from (select account_id, occurred_on,
                   case when type = 'income' then amount_cents else -amount_cents end as cents,
                   1 as n
              from new_rows
            union all
            select account_id, occurred_on,
                   case when type = 'income' then -amount_cents else amount_cents end, -1
              from old_rows) as c
     where account_id is not null
     group by 1, 2
    having sum(cents) <> 0 or sum(n) <> 0
     order by 1, 2
    on conflict (account_id, day) do update
      set net_cents = t.net_cents + excluded.net_cents,
          entries = t.entries + excluded.entries;
  end if;
  return null;
end $$;

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
