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
