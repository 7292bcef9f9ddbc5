-- The alerts' user_id is who is told: the ledger's owner when the alert was recorded (ADR 013,
-- 2026-11-26 evening; ADR 027). Its foreign key to profiles and its index cost the daily runs a
-- row check and an index entry per alert (400,000 on the worst day at 100,000 people) and no
-- reader needs them: alerts are read by id (delivery) and by ledger (the list, the reminder
-- runs' "already reminded"). The row still goes with its person: ledger_id keeps its cascading
-- key (deleting a ledger, LGPD deletion of an owned ledger, a dissolved team), and the account
-- deletion's sweep of every user_id column (privacy/person-tables.ts) deletes what is left
-- naming the person (alerts of a ledger they no longer own).
alter table alerts drop constraint alerts_user_id_fkey;
drop index alerts_user_idx;

-- The high-spending rule reads a category's last 180 days of a ledger's expenses (their dates
-- and amounts). A person's entries are written over months, between everyone else's, so each
-- one sits on its own heap page: with type and amount_cents in the index the history is an
-- index-only scan of a few leaf pages. Same key as the index it replaces, so the category
-- filters that used that one use this one. "if not exists": on a large production table an
-- operator builds it first with "create index concurrently" (README, deploying), and this
-- migration then takes no write lock for the build.
create index if not exists transactions_ledger_category_day_amount_idx
  on transactions (ledger_id, category, occurred_on) include (type, amount_cents);
drop index transactions_ledger_category_day_idx;

-- The ledger's totals (005, 013) are written only by the entries' statement triggers, whose
-- rows' own ledger_id key has just checked (and key-share locked) the ledger; their foreign keys
-- to ledgers checked each new totals row again (one per ledger, day and month on the worst day).
-- What the keys' cascade did, a trigger does: a deleted ledger takes its totals along (account
-- totals keep their key to accounts, which cascades from the ledger).
create function ledgers_delete_totals() returns trigger language plpgsql as $$
begin
  delete from ledger_month_totals where ledger_id = old.id;
  delete from ledger_day_totals where ledger_id = old.id;
  return null;
end $$;
create trigger ledgers_delete_totals after delete on ledgers
  for each row execute function ledgers_delete_totals();
alter table ledger_month_totals drop constraint ledger_month_totals_ledger_id_fkey;
alter table ledger_day_totals drop constraint ledger_day_totals_ledger_id_fkey;
