-- Job runners' heartbeats (platform/jobs/lock-recovery.ts). graphile-worker 0.17 leaves the
-- jobs of a worker that died (kill -9, a lost machine) locked for four hours; every runner
-- process writes here, every few seconds, the ids it locks jobs under (its pools' and workers'),
-- and a sweep unlocks jobs whose locker has not been heard from for WORKER_STALE_AFTER_SECONDS.
create table worker_heartbeats (
  locker_id text primary key,
  process text not null,
  seen_at timestamptz not null default now()
);
create index worker_heartbeats_seen_at on worker_heartbeats (seen_at);
