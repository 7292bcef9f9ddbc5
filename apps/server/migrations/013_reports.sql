-- Reports (issue 13, ARCHITECTURE §8): the monthly report's daily series and top expenses,
-- the scheduled weekly and monthly reports, and the PDF statement sent as a WhatsApp document.

-- Each day's totals per category, kept by the triggers below in the same transaction as the
-- change (like ledger_month_totals in 005_ledger.sql): the month's daily series and a week's
-- categories read at most a few hundred rows however many entries the period holds. Rows whose
-- entries fall to 0 stay, and readers skip them.
create table ledger_day_totals (
  ledger_id bigint not null references ledgers (id) on delete cascade,
  day date not null,
  type text not null,
  category text not null,
  total_cents bigint not null,
  entries integer not null,
  primary key (ledger_id, day, type, category)
);

-- Same shape as transactions_totals() (005): one statement's changes summed per key and applied
-- in key order (no deadlock between two statements); an edit that moves no money touches nothing.
create function transactions_day_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into ledger_day_totals as t (ledger_id, day, type, category, total_cents, entries)
    select ledger_id, occurred_on, type, category, sum(amount_cents), count(*)
      from new_rows
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (ledger_id, day, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents,
          entries = t.entries + excluded.entries;
  elsif tg_op = 'DELETE' then
    insert into ledger_day_totals as t (ledger_id, day, type, category, total_cents, entries)
    select ledger_id, occurred_on, type, category, -sum(amount_cents), -count(*)
      from old_rows
     where exists (select 1 from ledgers l where l.id = old_rows.ledger_id)
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (ledger_id, day, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents,
          entries = t.entries + excluded.entries;
  else
    insert into ledger_day_totals as t (ledger_id, day, type, category, total_cents, entries)
    select ledger_id, day, type, category, sum(cents), sum(n)
      from (select ledger_id, occurred_on as day, type, category, amount_cents as cents, 1 as n
              from new_rows
            union all
            select ledger_id, occurred_on, type, category, -amount_cents, -1
              from old_rows) as c
     group by 1, 2, 3, 4
    having sum(cents) <> 0 or sum(n) <> 0
     order by 1, 2, 3, 4
    on conflict (ledger_id, day, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents,
          entries = t.entries + excluded.entries;
  end if;
  return null;
end $$;

create trigger transactions_day_totals_insert after insert on transactions
  referencing new table as new_rows
  for each statement execute function transactions_day_totals();
create trigger transactions_day_totals_update after update on transactions
  referencing old table as old_rows new table as new_rows
  for each statement execute function transactions_day_totals();
create trigger transactions_day_totals_delete after delete on transactions
  referencing old table as old_rows
  for each statement execute function transactions_day_totals();

-- The entries recorded before this migration.
insert into ledger_day_totals (ledger_id, day, type, category, total_cents, entries)
select ledger_id, occurred_on, type, category, sum(amount_cents), count(*)
  from transactions
 group by 1, 2, 3, 4;

-- The month's largest expenses: the first rows of this index, not a sort of the whole month.
-- Queries must say date_trunc('month', occurred_on::timestamp) exactly like this.
create index transactions_month_top_expense_idx
  on transactions (ledger_id, (date_trunc('month', occurred_on::timestamp)), amount_cents desc, id desc)
  where type = 'expense';

-- One scheduled report per person, kind and period, ever: the row is inserted in the same
-- transaction that queues the message, so a rerun, a retried job or a crash after the commit
-- finds it and sends nothing again (period: the week's Monday or the month's first day).
create table report_deliveries (
  user_id text not null references "user" (id) on delete cascade,
  kind text not null check (kind in ('weekly', 'monthly')),
  period date not null,
  outbound_id bigint,
  created_at timestamptz not null default now(),
  primary key (user_id, kind, period)
);

-- Files sent as WhatsApp documents (the PDF statement). Stored once when the reply is decided,
-- so a retried send uploads the same bytes, and the simulator offers the same file to download;
-- media_id is Meta's id after the upload (reused by a retry). Erased with the message texts
-- (retention, ADR 008).
create table whatsapp_documents (
  id bigint generated always as identity primary key,
  user_id text not null references profiles (id) on delete cascade,
  filename text not null check (char_length(filename) between 1 and 200),
  mime_type text not null,
  content bytea not null,
  media_id text,
  -- The message that asked for it: a redelivered or retried message finds the same file.
  source_message_id text unique,
  created_at timestamptz not null default now()
);

create index whatsapp_documents_created_idx on whatsapp_documents (created_at);

alter table whatsapp_outbound drop constraint whatsapp_outbound_kind_check;
alter table whatsapp_outbound add constraint whatsapp_outbound_kind_check
  check (kind in ('text', 'interactive', 'template', 'document'));
