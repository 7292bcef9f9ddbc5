-- The plans on sale. Prices and Stripe price ids are data: seeded at start, changeable with
-- `npm run cli -- set-price` without a deploy.
create table plan_features (
  plan_type text primary key check (plan_type in ('free', 'pf_simples', 'empresas_2', 'empresas_15')),
  name text not null,
  price_monthly numeric(10, 2) not null check (price_monthly >= 0),
  stripe_price_id text unique,
  max_monthly_transactions integer not null check (max_monthly_transactions >= -1),
  max_users integer not null check (max_users >= 1),
  features jsonb not null,
  updated_at timestamptz not null default now()
);

-- Every change tells each server instance to drop its cached copy of the plans.
create function notify_plan_features_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('plan_features_changed', '');
  return null;
end $$;

create trigger plan_features_changed
after insert or update or delete on plan_features
for each statement execute function notify_plan_features_changed();
