-- Bills, recurring entries, budgets and alerts (issue 12, ARCHITECTURE §8, ADR 013).

-- Bills get paid: a bill stays listed with its paid_on; a monthly one gets next month's bill
-- as a new unpaid row when it is paid (previous_bill_id, unique: paying, unpaying and paying
-- again never makes two). day_of_month keeps a monthly bill on its day: 31 falls on 28/02 and
-- comes back to 31/03.
alter table bills
  add column recurrence text not null default 'none' check (recurrence in ('none', 'monthly')),
  add column day_of_month smallint check (day_of_month between 1 and 31),
  add column paid_on date,
  add column paid_transaction_id bigint references transactions (id) on delete set null,
  add column previous_bill_id bigint unique references bills (id) on delete set null,
  add column updated_at timestamptz not null default now();

-- Proactive messages the product sends (budget_80, budget_100, high_spending, bill_due), one
-- row per event: the unique (ledger, key) is what makes each alert happen once — a budget's
-- 80 % once per category and month ('budget_80:mercado:2026-11'), a reminder once per bill,
-- due date and kind ('bill:42:2026-12-10:eve'), even when entries land at the same time.
-- user_id is who is told (the ledger's owner); WhatsApp delivery follows their settings.
create table alerts (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  user_id text not null references profiles (id) on delete cascade,
  kind text not null check (kind in ('budget_80', 'budget_100', 'high_spending', 'bill_due')),
  category text,
  text text not null,
  dedupe_key text not null,
  -- What the WhatsApp template needs (bill_due: description, due date, amount).
  template_params jsonb,
  created_at timestamptz not null default now(),
  unique (ledger_id, dedupe_key)
);
create index alerts_ledger_idx on alerts (ledger_id, id desc);
create index alerts_user_idx on alerts (user_id);

-- Bills already reminded under the old single reminder are not reminded again.
insert into alerts (ledger_id, user_id, kind, category, text, dedupe_key)
select b.ledger_id, l.owner_user_id, 'bill_due', b.category, 'Lembrete de ' || b.description,
       'bill:' || b.id || ':' || b.due_on || ':' || k.kind
  from bills b
  join ledgers l on l.id = b.ledger_id
  cross join (values ('eve'), ('day')) as k (kind)
 where b.notified_at is not null
on conflict do nothing;

drop index bills_to_notify_idx;
alter table bills drop column notified_at;
-- The reminder run reads unpaid bills due today or tomorrow.
create index bills_unpaid_due_idx on bills (due_on, id) where paid_on is null;

-- Entries recorded on their day of every month ('salário 4.500 todo dia 5'). next_on is the
-- next occurrence still to record; cancelling keeps the row (the entries it made stay).
create table recurring_entries (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  created_by text references profiles (id) on delete set null,
  type text not null check (type in ('expense', 'income')),
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 100000000),
  description text not null check (char_length(description) between 1 and 200),
  category text not null check (category in (
    'alimentacao', 'mercado', 'transporte', 'moradia', 'contas_casa', 'saude', 'educacao',
    'lazer', 'assinaturas', 'compras', 'cuidados_pessoais', 'pets', 'impostos', 'negocio',
    'outros', 'salario', 'vendas', 'servicos', 'investimentos', 'outras_receitas')),
  day_of_month smallint not null check (day_of_month between 1 and 31),
  next_on date not null,
  source text not null check (source in ('whatsapp', 'web', 'api')),
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  constraint recurring_category_matches_type check (
    (type = 'income') =
      (category in ('salario', 'vendas', 'servicos', 'investimentos', 'outras_receitas')))
);
create index recurring_due_idx on recurring_entries (next_on, id) where cancelled_at is null;
create index recurring_ledger_idx on recurring_entries (ledger_id, id);

-- One row per occurrence, written in the same transaction as its entry: the primary key is
-- what makes a rerun (a retry, a crash, run-task) record nothing twice. 'refused' when the
-- plan's monthly limit was full (the person is told on WhatsApp).
create table recurring_occurrences (
  recurring_id bigint not null references recurring_entries (id) on delete cascade,
  occurs_on date not null,
  status text not null check (status in ('recorded', 'refused')),
  -- The entry it recorded; informational, so no foreign key: the daily run inserts these by the
  -- thousand, and an entry the person deleted later may leave a stale id here.
  transaction_id bigint,
  created_at timestamptz not null default now(),
  primary key (recurring_id, occurs_on)
);

-- Monthly budgets per expense category, from a month on until changed: the budget of month M
-- is the row with the latest from_month ≤ M; a null limit_cents means removed from then on.
create table budgets (
  ledger_id bigint not null references ledgers (id) on delete cascade,
  category text not null check (category in (
    'alimentacao', 'mercado', 'transporte', 'moradia', 'contas_casa', 'saude', 'educacao',
    'lazer', 'assinaturas', 'compras', 'cuidados_pessoais', 'pets', 'impostos', 'negocio',
    'outros')),
  from_month date not null check (extract(day from from_month) = 1),
  limit_cents bigint check (limit_cents is null or (limit_cents > 0 and limit_cents <= 100000000)),
  updated_at timestamptz not null default now(),
  primary key (ledger_id, category, from_month)
);

-- The high-spending rule reads a category's last 90 days of a ledger (ledger/alerts, ADR 013).
create index transactions_ledger_category_day_idx on transactions (ledger_id, category, occurred_on);
