-- Existing entries move to their ledger's default account (issue 21; the schema is
-- 018_accounts_transfers.sql, which explains why this is a file of its own).
--
-- This file is one transaction (platform/db/migrate.ts) that takes no table lock stronger than
-- an UPDATE's until its last two statements. The UPDATE holds row locks on the entries it
-- moves and, through 018's trigger, on the day totals of the default accounts it fills, so
-- meanwhile: reading goes on (balances included), and so does recording entries (the BEFORE
-- INSERT trigger of 018 gives them the default account), except that an entry of a default
-- account dated on a day that already had entries waits for the commit, behind that day's
-- total, and so does an edit or a delete of an entry being moved. (migration.test.ts checks
-- both.) One statement rather than batches: the runner commits per file, so batches would
-- hold the same locks for as long, plus a round trip each. The account totals fill
-- themselves: each moved entry is added to its account's day (an entry with no account
-- counted nowhere before); ledger_month_totals' trigger sees no month, type or amount change
-- and touches nothing.
set local lock_timeout = '5s';

update transactions t
   set account_id = a.id
  from accounts a
 where a.ledger_id = t.ledger_id
   and a.is_default
   and t.account_id is null;

-- Both scans run under SHARE UPDATE EXCLUSIVE, which blocks no read or write.
alter table transactions validate constraint transactions_account_fk;
alter table transactions validate constraint transactions_account_present;

-- The one strong lock (ACCESS EXCLUSIVE), for an instant at the end: the validated CHECK
-- proves there is no null, so PostgreSQL skips the scan; the CHECK is then redundant.
alter table transactions alter column account_id set not null;
alter table transactions drop constraint transactions_account_present;
