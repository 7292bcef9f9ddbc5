-- What proactive messages each person wants (ARCHITECTURE §8 notification settings). A person
-- without a row has every kind on (people turn them off, not on), so accounts need no backfill
-- and batch jobs read "coalesce(setting, true)" through a left join.
create table notification_settings (
  user_id text primary key references "user" (id) on delete cascade,
  bill_reminders boolean not null default true,
  budget_alerts boolean not null default true,
  high_spending_alerts boolean not null default true,
  weekly_report boolean not null default true,
  monthly_report boolean not null default true,
  updated_at timestamptz not null default now()
);
