-- A person's profile and their subscription. profiles.id is the auth user's id (the accounts
-- migration ties it to the auth tables).
create table profiles (
  id text primary key,
  name text not null,
  email text not null,
  phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table subscribers (
  user_id text primary key references profiles (id) on delete cascade,
  plan_type text not null default 'free' references plan_features (plan_type),
  subscription_status text not null default 'active',
  -- Entries recorded this São Paulo calendar month; counter_month says which month it counts.
  monthly_transactions integer not null default 0 check (monthly_transactions >= 0),
  counter_month text not null default to_char(now() at time zone 'America/Sao_Paulo', 'YYYY-MM'),
  current_period_end timestamptz,
  stripe_customer_id text unique,
  stripe_subscription_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index subscribers_plan_type_idx on subscribers (plan_type);
