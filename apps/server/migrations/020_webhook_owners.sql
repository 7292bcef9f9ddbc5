-- Outgoing webhook endpoints belong to their creator (issue 25, ARCHITECTURE §12).
--
-- An endpoint receives events only while it is "live": its creator still works in the
-- endpoint's ledger (the ledger's owner, or a member whose team the owner's current plan
-- allows, seat order included) and the owner's plan includes integrações_personalizadas.
-- Decided at every emit and every delivery attempt, never stored: a member removed, a
-- deleted account (created_by is set null) or a downgrade stops deliveries at once, and an
-- upgrade or a new invitation resumes them, with nothing deleted either way.

-- The team ledger a person works in (null: their own), the one reading of
-- tenancy/ledgers.queries.ts's ledgerForUser for team members, in SQL so that the events
-- module and the delivery can ask the same question inside their statements.
create or replace function team_ledger_of(p_user text) returns bigint
language sql stable as $$
  select l.id
    from team_members m
    join teams t on t.id = m.team_id
    join ledgers l on l.id = t.ledger_id
    join subscribers s on s.user_id = t.owner_user_id
    join plan_features p on p.plan_type = s.plan_type
   where m.user_id = p_user
     and coalesce((p.features ->> 'dashboard_equipe')::boolean, false)
     and p.max_users > 1
     and (select count(*) from team_members e
           where e.team_id = m.team_id
             and (e.joined_at, e.user_id) < (m.joined_at, m.user_id)) < p.max_users - 1
$$;

create or replace function webhook_endpoint_live(p_ledger bigint, p_creator text) returns boolean
language sql stable as $$
  select p_creator is not null and exists (
    select 1
      from ledgers l
      join subscribers s on s.user_id = l.owner_user_id
      join plan_features p on p.plan_type = s.plan_type
     where l.id = p_ledger
       and coalesce((p.features ->> 'integrações_personalizadas')::boolean, false)
       and (p_creator = l.owner_user_id or team_ledger_of(p_creator) = l.id))
$$;

create index webhook_endpoints_created_by on webhook_endpoints (created_by);
