-- Categories of one's own (issue 26, ADR 026): a ledger's "Cachorro 🐶", "Festa junina".
--
-- Each sits under one of the default categories (ARCHITECTURE §7), which gives it its type and
-- is what reports, budgets, alerts and the summary count it as: the closed list of default
-- slugs stays the contract of every other feature. An entry in a custom category keeps the
-- default category in `category` and names its own in `custom_category_id`.
create table custom_categories (
  id bigint generated always as identity primary key,
  ledger_id bigint not null references ledgers (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 40),
  emoji text check (char_length(emoji) between 1 and 16),
  category text not null check (category in (
    'alimentacao', 'mercado', 'transporte', 'moradia', 'contas_casa', 'saude', 'educacao',
    'lazer', 'assinaturas', 'compras', 'cuidados_pessoais', 'pets', 'impostos', 'negocio',
    'outros', 'salario', 'vendas', 'servicos', 'investimentos', 'outras_receitas')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The target of the (category, ledger) foreign key below: an entry names only a category of
  -- its own ledger.
  constraint custom_categories_id_ledger unique (id, ledger_id)
);

-- One "Cachorro" per ledger, whatever the case.
create unique index custom_categories_ledger_name_idx on custom_categories (ledger_id, lower(name));

-- Deleting a custom category leaves its entries in the default category it sat under.
alter table transactions
  add column custom_category_id bigint,
  add constraint transactions_custom_category_fk foreign key (custom_category_id, ledger_id)
    references custom_categories (id, ledger_id) on delete set null (custom_category_id);

-- The filter by custom category, and the foreign key's lookups when one is deleted.
create index transactions_custom_category_idx on transactions (custom_category_id, occurred_on)
  where custom_category_id is not null;
