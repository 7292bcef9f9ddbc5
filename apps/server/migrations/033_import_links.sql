-- Faster statement commits (ADR 035, issue 22).
--
-- 1. bank_rows was a second copy of every committed import_items row (filled at each commit).
--    "Already imported on this account" now reads the committed imports' own items (state not
--    'duplicate'), which hold the same date, amount, type, description and bank id: one copy of
--    the person's bank rows, not two, and no 50,000-row copy at commit.
drop table bank_rows;

-- 2. The entry an import recorded for its row `ord` names that row (import_id, import_ord),
--    instead of the commit writing each new entry's id back into import_items (a second pass
--    over every row, with a foreign-key check per row). import_items.transaction_id stays for
--    matched rows (the typed entry) and for links written before this migration.
alter table transactions add column import_ord integer;
drop index transactions_import;
create index transactions_import on transactions (import_id, import_ord) where import_id is not null;
