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
  amount_cents bigint not null check (amount_cents > 0 and amount_cents <= 100000000),
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
  -- An income category on an income, an expense category on an expense.
  constraint transactions_category_matches_type check (
    (type = 'income') =
      (category in ('salario', 'vendas', 'servicos', 'investimentos', 'outras_receitas')))
);

-- The list (newest first, keyset pagination on (occurred_on, id)) and the month's summary,
-- which reads only these columns: the include makes it an index-only scan.
create index transactions_ledger_day_idx
  on transactions (ledger_id, occurred_on desc, id desc)
  include (type, category, amount_cents);
-- 'desfazer', 'últimos': the most recently recorded entries of a ledger.
create index transactions_ledger_recorded_idx on transactions (ledger_id, id desc);

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
