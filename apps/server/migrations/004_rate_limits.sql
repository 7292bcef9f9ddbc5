-- Rate-limit counters shared by every server instance (nothing per user lives in one process's
-- memory). One row per key and fixed window; keys are HMACs, so no e-mail or IP address is
-- stored in clear. Unlogged: a crash that loses the counters only resets the limits.
create unlogged table rate_limits (
  key text primary key,
  window_started_at timestamptz not null,
  hits integer not null
);

create index rate_limits_window_idx on rate_limits (window_started_at);
