-- Paid plans (issue 5). See docs/decisions/002-stripe-webhooks-through-the-job-queue.md.

-- Every Stripe webhook event we acknowledged, once by its id. The row and its processing job
-- are written in the same transaction before the 200, so an acknowledged event is never lost;
-- a redelivered id finds its row and changes nothing.
create table stripe_events (
  id text primary key,
  type text not null,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  -- Set when the event has been handled, or given up on (then `error` says why).
  processed_at timestamptz,
  -- The last failure; a transient one is retried by the job queue.
  error text
);

create index stripe_events_pending_idx on stripe_events (received_at) where processed_at is null;

-- The built-in simulated checkout and portal (no STRIPE_SECRET_KEY, not production). A link
-- carries only this random id; the page it opens acts for `user_id` and nobody else.
create table billing_demo_sessions (
  id text primary key,
  user_id text not null references profiles (id) on delete cascade,
  kind text not null check (kind in ('checkout', 'portal')),
  plan_type text references plan_features (plan_type),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  check ((kind = 'checkout') = (plan_type is not null))
);

create index billing_demo_sessions_expires_idx on billing_demo_sessions (expires_at);
