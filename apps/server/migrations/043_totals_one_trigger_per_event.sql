-- The entries' totals (ledger_month_totals 005, ledger_day_totals 013, account_totals and
-- account_day_totals 018) kept by one statement trigger per event instead of three (ADR 027,
-- 2026-11-26 night). Each event's function runs one SQL statement: the statement's rows, signed
-- (+1 for a new row, −1 for an old one), read once from the transition tables into `c`, then
-- summed per key of each table and upserted in key order. Before, every INSERT, UPDATE and
-- DELETE on transactions called three plpgsql functions, which between them ran four statements
-- and read the transition tables five times; the worst day's entries and every message's entry
-- paid for that.
--
-- Same sums as the functions they replace, so the rows already in the tables stay right and
-- nothing is recomputed:
-- - ledger totals: sum(amount_cents) and count(*) per (ledger, month|day, type, category);
--   account totals: income − expense and count(*) per (account, day) and per account, entries
--   without an account skipped.
-- - A key whose changes sum to nothing (an edit of the description, an entry moved back and
--   forth) touches no row; a key that nets to 0 entries keeps its row (readers skip it), as
--   before. On an INSERT or a DELETE every key has entries, so the filter is the UPDATE's only.
-- - A DELETE skips the ledgers (and accounts) that are gone: a ledger deleted with its person
--   takes its totals along (ledgers_delete_totals, migration 041; the accounts' cascade).
-- - Key order: each table's rows are locked in the order of its key, and the tables always in
--   the same order (one plan), so two statements on shared keys cannot deadlock.
-- - INSERT … ON CONFLICT DO UPDATE on transactions fires both the insert trigger (the rows
--   inserted) and the update trigger (the rows updated), as before.
-- plpgsql plans a statement when it first runs it, so each function names only the transition
-- tables its event has.

drop trigger transactions_totals_insert on transactions;
drop trigger transactions_totals_update on transactions;
drop trigger transactions_totals_delete on transactions;
drop trigger transactions_day_totals_insert on transactions;
drop trigger transactions_day_totals_update on transactions;
drop trigger transactions_day_totals_delete on transactions;
drop trigger transactions_account_totals_insert on transactions;
drop trigger transactions_account_totals_update on transactions;
drop trigger transactions_account_totals_delete on transactions;
drop function transactions_totals();
drop function transactions_day_totals();
drop function transactions_account_totals();

create function transactions_totals_insert() returns trigger language plpgsql as $$
begin
  with c as materialized (
    select ledger_id, account_id, occurred_on, type, category, amount_cents as cents, 1 as n
      from new_rows),
  month_rows as (
    insert into ledger_month_totals as t (ledger_id, month, type, category, total_cents, entries)
    select ledger_id, date_trunc('month', occurred_on)::date, type, category, sum(cents), sum(n)
      from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (ledger_id, month, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents, entries = t.entries + excluded.entries),
  day_rows as (
    insert into ledger_day_totals as t (ledger_id, day, type, category, total_cents, entries)
    select ledger_id, occurred_on, type, category, sum(cents), sum(n)
      from c group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (ledger_id, day, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents, entries = t.entries + excluded.entries),
  delta as (
    select account_id, occurred_on as day, sum(n) as n,
           sum(case when type = 'income' then cents else -cents end) as cents
      from c where account_id is not null group by 1, 2),
  account_day_rows as (
    insert into account_day_totals as t (account_id, day, net_cents, entries)
    select account_id, day, cents, n from delta order by 1, 2
    on conflict (account_id, day) do update
      set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries)
  insert into account_totals as t (account_id, net_cents, entries)
  select account_id, sum(cents), sum(n) from delta
   group by 1 having sum(cents) <> 0 or sum(n) <> 0 order by 1
  on conflict (account_id) do update
    set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries;
  return null;
end $$;

create function transactions_totals_update() returns trigger language plpgsql as $$
begin
  with c as materialized (
    select ledger_id, account_id, occurred_on, type, category, amount_cents as cents, 1 as n
      from new_rows
    union all
    select ledger_id, account_id, occurred_on, type, category, -amount_cents, -1
      from old_rows),
  month_rows as (
    insert into ledger_month_totals as t (ledger_id, month, type, category, total_cents, entries)
    select ledger_id, date_trunc('month', occurred_on)::date, type, category, sum(cents), sum(n)
      from c group by 1, 2, 3, 4 having sum(cents) <> 0 or sum(n) <> 0 order by 1, 2, 3, 4
    on conflict (ledger_id, month, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents, entries = t.entries + excluded.entries),
  day_rows as (
    insert into ledger_day_totals as t (ledger_id, day, type, category, total_cents, entries)
    select ledger_id, occurred_on, type, category, sum(cents), sum(n)
      from c group by 1, 2, 3, 4 having sum(cents) <> 0 or sum(n) <> 0 order by 1, 2, 3, 4
    on conflict (ledger_id, day, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents, entries = t.entries + excluded.entries),
  delta as (
    select account_id, occurred_on as day, sum(n) as n,
           sum(case when type = 'income' then cents else -cents end) as cents
      from c where account_id is not null group by 1, 2
    having sum(case when type = 'income' then cents else -cents end) <> 0 or sum(n) <> 0),
  account_day_rows as (
    insert into account_day_totals as t (account_id, day, net_cents, entries)
    select account_id, day, cents, n from delta order by 1, 2
    on conflict (account_id, day) do update
      set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries)
  insert into account_totals as t (account_id, net_cents, entries)
  select account_id, sum(cents), sum(n) from delta
   group by 1 having sum(cents) <> 0 or sum(n) <> 0 order by 1
  on conflict (account_id) do update
    set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries;
  return null;
end $$;

create function transactions_totals_delete() returns trigger language plpgsql as $$
begin
  with c as materialized (
    select ledger_id, account_id, occurred_on, type, category, -amount_cents as cents, -1 as n,
           exists (select 1 from ledgers l where l.id = o.ledger_id) as ledger_kept,
           exists (select 1 from accounts a where a.id = o.account_id) as account_kept
      from old_rows o),
  month_rows as (
    insert into ledger_month_totals as t (ledger_id, month, type, category, total_cents, entries)
    select ledger_id, date_trunc('month', occurred_on)::date, type, category, sum(cents), sum(n)
      from c where ledger_kept group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (ledger_id, month, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents, entries = t.entries + excluded.entries),
  day_rows as (
    insert into ledger_day_totals as t (ledger_id, day, type, category, total_cents, entries)
    select ledger_id, occurred_on, type, category, sum(cents), sum(n)
      from c where ledger_kept group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (ledger_id, day, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents, entries = t.entries + excluded.entries),
  delta as (
    select account_id, occurred_on as day, sum(n) as n,
           sum(case when type = 'income' then cents else -cents end) as cents
      from c where account_id is not null and account_kept group by 1, 2),
  account_day_rows as (
    insert into account_day_totals as t (account_id, day, net_cents, entries)
    select account_id, day, cents, n from delta order by 1, 2
    on conflict (account_id, day) do update
      set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries)
  insert into account_totals as t (account_id, net_cents, entries)
  select account_id, sum(cents), sum(n) from delta
   group by 1 having sum(cents) <> 0 or sum(n) <> 0 order by 1
  on conflict (account_id) do update
    set net_cents = t.net_cents + excluded.net_cents, entries = t.entries + excluded.entries;
  return null;
end $$;

create trigger transactions_totals_insert after insert on transactions
  referencing new table as new_rows
  for each statement execute function transactions_totals_insert();
create trigger transactions_totals_update after update on transactions
  referencing old table as old_rows new table as new_rows
  for each statement execute function transactions_totals_update();
create trigger transactions_totals_delete after delete on transactions
  referencing old table as old_rows
  for each statement execute function transactions_totals_delete();

-- account_day_totals' key to accounts checked every new row: one per account and day with
-- entries, so one per person on the worst day (each recurring entry opens its account's day),
-- ≈ 15 % of the entries' INSERT in CPU. Its rows are written only by the triggers above, whose
-- entries' own account key has just checked and key-share locked the same account in the same
-- transaction (an edit that keeps the account holds the entry's row, which the account's
-- deletion must delete or find in use first), so an account cannot go under them. What the
-- key's `on delete cascade` did, a trigger does (as 041 did for the ledger's totals).
-- account_totals keeps its key: one row per account, written once.
create function accounts_delete_day_totals() returns trigger language plpgsql as $$
begin
  delete from account_day_totals where account_id = old.id;
  return null;
end $$;
create trigger accounts_delete_day_totals after delete on accounts
  for each row execute function accounts_delete_day_totals();
alter table account_day_totals drop constraint account_day_totals_account_id_fkey;
