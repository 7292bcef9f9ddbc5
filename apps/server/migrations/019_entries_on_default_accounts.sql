-- Existing entries move to their ledger's default account (issue 21; the schema is
-- 018_accounts_transfers.sql, which explains why this is a file of its own).
--
-- This file is one transaction (platform/db/migrate.ts) that takes no table lock stronger than
-- an UPDATE's. The UPDATE holds row locks on the entries it moves and, through 018's trigger,
-- on the default accounts' totals it fills, until the commit. Meanwhile reading goes on
-- (balances included); recording an entry (the BEFORE INSERT trigger of 018 gives it the
-- default account) and editing or deleting an old one wait for the commit, as they would for
-- any long transaction on those rows, then go through. migration.test.ts checks both. One
-- statement rather than batches: the runner commits per file, so batches would hold the same
-- locks for as long, plus a round trip each. The account totals fill themselves: each moved
-- entry is added to its account (an entry with no account counted nowhere before);
-- ledger_month_totals' trigger sees no month, type or amount change and touches nothing.
set local lock_timeout = '5s';

update transactions t
   set account_id = a.id
  from accounts a
 where a.ledger_id = t.ledger_id
   and a.is_default
   and t.account_id is null;

-- Both scans run under SHARE UPDATE EXCLUSIVE, which blocks no read or write (and so cannot
-- deadlock with an entry waiting for this file's row locks, as the ACCESS EXCLUSIVE of SET NOT
-- NULL could: the validated CHECK stands for NOT NULL).
alter table transactions validate constraint transactions_account_fk;
alter table transactions validate constraint transactions_account_present;
