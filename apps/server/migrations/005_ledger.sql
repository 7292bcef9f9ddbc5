-- The ledger: what people record on WhatsApp and on the web (issue 7, ARCHITECTURE §5–§7).
--
-- A ledger belongs to a subscriber (the account that pays). Team members of an empresas plan
-- will write into their owner's ledger later, which is why every row says who created it
-- (created_by) apart from whose ledger it is (ledger_id).
create table ledgers (
  id bigint generated always as identity primary key,
  owner_user_id text not null unique references subscribers (user_id) on delete cascade,
  created_at timestamptz not null default now()
);

-- Entries. Deleting is a hard delete: 'desfazer' and the web's delete remove the row, and the
-- month's count gives the slot back (see ledger/monthly-limit.ts).
create table transactions (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  -- A removed team member's entries stay in the ledger.
  created_by text references profiles (id) on delete set null,
  type text not null check (type in ('expense', 'income')),
  -- At most R$ 1.000.000,00 (MAX_ENTRY_CENTS), unless the person confirmed a larger amount
  -- on WhatsApp ('sim' to the assistant's question); never above R$ 10 bilhões.
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 1000000000000),
  confirmed_large boolean not null default false,
  description text not null check (char_length(description) between 1 and 200),
  category text not null check (category in (
    'alimentacao', 'mercado', 'transporte', 'moradia', 'contas_casa', 'saude', 'educacao',
    'lazer', 'assinaturas', 'compras', 'cuidados_pessoais', 'pets', 'impostos', 'negocio',
    'outros', 'salario', 'vendas', 'servicos', 'investimentos', 'outras_receitas')),
  occurred_on date not null,
  source text not null check (source in ('whatsapp', 'web', 'api')),
  -- The same WhatsApp message never records twice (null for web and API entries).
  whatsapp_message_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint transactions_large_confirmed check (amount_cents <= 100000000 or confirmed_large),
  -- An income category on an income, an expense category on an expense.
  constraint transactions_category_matches_type check (
    (type = 'income') =
      (category in ('salario', 'vendas', 'servicos', 'investimentos', 'outras_receitas')))
);

-- The list: newest first, keyset pagination on (occurred_on, id), a date range.
create index transactions_ledger_day_idx on transactions (ledger_id, occurred_on desc, id desc);
-- 'desfazer', 'últimos': the most recently recorded entries of a ledger.
create index transactions_ledger_recorded_idx on transactions (ledger_id, id desc);

-- Each month's totals per category, kept by the triggers below in the same transaction as the
-- change, so GET /api/v1/summary reads a few rows however many entries the month holds (a
-- month of 100,000 entries is one aggregate of 100,000 rows otherwise). Rows whose entries
-- fall to 0 stay, and readers skip them.
create table ledger_month_totals (
  ledger_id bigint not null references ledgers (id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  type text not null,
  category text not null,
  total_cents bigint not null,
  entries integer not null,
  primary key (ledger_id, month, type, category)
);

-- One statement's changes, summed per (ledger, month, type, category) and applied in key
-- order, so two statements touching the same keys lock them in the same order (no deadlock).
-- An edit that moves no money (a new description) sums to nothing and touches no row.
create function transactions_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into ledger_month_totals as t (ledger_id, month, type, category, total_cents, entries)
    select ledger_id, date_trunc('month', occurred_on)::date, type, category,
           sum(amount_cents), count(*)
      from new_rows
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (ledger_id, month, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents,
          entries = t.entries + excluded.entries;
  elsif tg_op = 'DELETE' then
    -- A ledger deleted with its person takes its totals along: skip it.
    insert into ledger_month_totals as t (ledger_id, month, type, category, total_cents, entries)
    select ledger_id, date_trunc('month', occurred_on)::date, type, category,
           -sum(amount_cents), -count(*)
      from old_rows
     where exists (select 1 from ledgers l where l.id = old_rows.ledger_id)
     group by 1, 2, 3, 4
     order by 1, 2, 3, 4
    on conflict (ledger_id, month, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents,
          entries = t.entries + excluded.entries;
  else
    insert into ledger_month_totals as t (ledger_id, month, type, category, total_cents, entries)
    select ledger_id, month, type, category, sum(cents), sum(n)
      from (select ledger_id, date_trunc('month', occurred_on)::date as month, type, category,
                   amount_cents as cents, 1 as n
              from new_rows
            union all
            select ledger_id, date_trunc('month', occurred_on)::date, type, category,
                   -amount_cents, -1
              from old_rows) as c
     group by 1, 2, 3, 4
    having sum(cents) <> 0 or sum(n) <> 0
     order by 1, 2, 3, 4
    on conflict (ledger_id, month, type, category) do update
      set total_cents = t.total_cents + excluded.total_cents,
          entries = t.entries + excluded.entries;
  end if;
  return null;
end $$;

-- Statement-level, with transition tables: a bulk INSERT … SELECT costs one upsert per key,
-- not one per row. (PostgreSQL allows transition tables on single-event triggers only.)
create trigger transactions_totals_insert after insert on transactions
  referencing new table as new_rows
  for each statement execute function transactions_totals();
create trigger transactions_totals_update after update on transactions
  referencing old table as old_rows new table as new_rows
  for each statement execute function transactions_totals();
create trigger transactions_totals_delete after delete on transactions
  referencing old table as old_rows
  for each statement execute function transactions_totals();

-- Words a ledger taught the categoriser by correcting a category ('boliche' → lazer).
create table learned_category_words (
  ledger_id bigint not null references ledgers (id) on delete cascade,
  word text not null check (char_length(word) between 1 and 60),
  category text not null check (category in (
    'alimentacao', 'mercado', 'transporte', 'moradia', 'contas_casa', 'saude', 'educacao',
    'lazer', 'assinaturas', 'compras', 'cuidados_pessoais', 'pets', 'impostos', 'negocio',
    'outros', 'salario', 'vendas', 'servicos', 'investimentos', 'outras_receitas')),
  updated_at timestamptz not null default now(),
  primary key (ledger_id, word)
);

-- Bills to remember ('conta de luz 180 vence dia 10'); the reminder job reads unnotified ones.
create table bills (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  created_by text references profiles (id) on delete set null,
  description text not null check (char_length(description) between 1 and 200),
  amount_cents bigint check (amount_cents > 0 and amount_cents <= 100000000),
  category text check (category is null or category in (
    'alimentacao', 'mercado', 'transporte', 'moradia', 'contas_casa', 'saude', 'educacao',
    'lazer', 'assinaturas', 'compras', 'cuidados_pessoais', 'pets', 'impostos', 'negocio',
    'outros')),
  due_on date not null,
  whatsapp_message_id text unique,
  created_at timestamptz not null default now(),
  notified_at timestamptz
);

create index bills_ledger_due_idx on bills (ledger_id, due_on);
create index bills_to_notify_idx on bills (due_on) where notified_at is null;

-- The conversation's memory, per person (not per process: any instance answers the next
-- message). recent_ids is the numbered list 'últimos' showed, so 'apagar 3' deletes what the
-- user saw as number 3; pending is an entry waiting for 'sim' (amounts over R$ 1.000.000,00).
create table assistant_state (
  user_id text primary key references profiles (id) on delete cascade,
  recent_ids bigint[] not null default '{}',
  recent_at timestamptz,
  pending jsonb,
  pending_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Messages already answered, by message id: a redelivered or retried message gets the same
-- reply and changes nothing (also for commands like 'apagar 3', not only for entries).
create table assistant_replies (
  message_id text primary key,
  user_id text not null references profiles (id) on delete cascade,
  reply text not null default '',
  created_at timestamptz not null default now()
);

create index assistant_replies_created_idx on assistant_replies (created_at);
