import {
  type AccountManager,
  type AdminSupportRequest,
  SUPPORT_TIERS,
  type SupportRequest,
  type SupportTier,
} from '@equilibrai/shared'
import { type Queryable, ConflictError, NotFoundError } from '../platform/index.ts'
import { planHasFeatureSql } from '../tenancy/index.ts'

/*
 * Support requests (ARCHITECTURE §8): everyone can ask; the plan of the ledger the person works
 * in (a team member's: the owner's) decides the tier — suporte_dedicado before
 * suporte_prioritário before everyone else — and the admin queue is served in that order,
 * oldest first within a tier. The tier and plan are kept with the request (migration 014a).
 */

/** How many unanswered requests one person may have at once (the queue is for people). */
export const MAX_OPEN_REQUESTS = 5

const COLUMNS = `r.id, r.subject, r.message, r.plan_type, r.tier, r.status, r.created_at,
  r.answer, r.answered_at`

type Row = Omit<SupportRequest, 'tier' | 'created_at' | 'answered_at'> & {
  tier: number
  created_at: Date
  answered_at: Date | null
}

function toRequest(row: Row): SupportRequest {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    plan_type: row.plan_type,
    tier: SUPPORT_TIERS[row.tier] as SupportTier,
    status: row.status,
    created_at: row.created_at.toISOString(),
    answer: row.answer,
    answered_at: row.answered_at?.toISOString() ?? null,
  }
}

/**
 * The plan a person is served under — that of `ownerId`, the owner of the ledger they work in
 * (the caller's ownerId; a team member's: the team owner) — and its tier (0 dedicated,
 * 1 priority, 2 standard).
 */
export async function supportPlanOf(
  db: Queryable,
  { ownerId }: { ownerId: string },
): Promise<{ ownerId: string; planType: string; tier: number }> {
  const { rows } = await db.query<{ plan_type: string; tier: number }>(
    `select p.plan_type,
            case when ${planHasFeatureSql('suporte_dedicado')} then 0
                 when ${planHasFeatureSql('suporte_prioritário')} then 1
                 else 2 end as tier
       from subscribers s join plan_features p on p.plan_type = s.plan_type
      where s.user_id = $1`,
    [ownerId],
  )
  const row = rows[0] ?? { plan_type: 'free', tier: 2 }
  return { ownerId, planType: row.plan_type, tier: row.tier }
}

export async function openSupportRequest(
  db: Queryable,
  params: {
    userId: string
    /** The owner of the ledger the person works in: whose plan sets the tier. */
    ownerId: string
    subject: string
    message: string
    source: 'web' | 'whatsapp'
  },
): Promise<SupportRequest> {
  const plan = await supportPlanOf(db, { ownerId: params.ownerId })
  const { rows } = await db.query<Row>(
    `insert into support_requests as r (user_id, subject, message, plan_type, tier, source)
     select $1, $2, $3, $4, $5, $6
      where (select count(*) from support_requests
              where user_id = $1 and status = 'open') < ${MAX_OPEN_REQUESTS}
     returning ${COLUMNS}`,
    [params.userId, params.subject, params.message, plan.planType, plan.tier, params.source],
  )
  const row = rows[0]
  if (!row)
    throw new ConflictError(
      `Você já tem ${MAX_OPEN_REQUESTS} solicitações em aberto. Aguarde a resposta de uma delas.`,
      'TOO_MANY_OPEN_REQUESTS',
    )
  return toRequest(row)
}

export async function listSupportRequests(
  db: Queryable,
  { userId }: { userId: string },
): Promise<SupportRequest[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from support_requests r where r.user_id = $1
      order by r.created_at desc, r.id desc limit 50`,
    [userId],
  )
  return rows.map(toRequest)
}

/** The admin queue: open ones dedicated → priority → standard, then oldest first. */
export async function adminSupportQueue(
  db: Queryable,
  { status }: { status: 'open' | 'answered' },
): Promise<AdminSupportRequest[]> {
  const order = status === 'open' ? 'r.tier, r.created_at, r.id' : 'r.answered_at desc, r.id desc'
  const { rows } = await db.query<
    Row & { user_id: string; name: string; email: string; plan_name: string }
  >(
    `select ${COLUMNS}, r.user_id, p.name, p.email, pf.name as plan_name
       from support_requests r
       join profiles p on p.id = r.user_id
       join plan_features pf on pf.plan_type = r.plan_type
      where r.status = $1
      order by ${order}
      limit 200`,
    [status],
  )
  return rows.map((row) => ({
    ...toRequest(row),
    user_id: row.user_id,
    name: row.name,
    email: row.email,
    plan_name: row.plan_name,
  }))
}

/** Stores an admin's answer to an open request; returns it with the person to tell. */
export async function answerSupportRequest(
  db: Queryable,
  { id, answer, adminId }: { id: number; answer: string; adminId: string },
): Promise<SupportRequest & { email: string; name: string }> {
  const { rows } = await db.query<Row & { email: string; name: string }>(
    `with r as (
       update support_requests
          set answer = $2, status = 'answered', answered_by = $3, answered_at = now()
        where id = $1 and status = 'open'
        returning *)
     select ${COLUMNS}, p.email, p.name from r join profiles p on p.id = r.user_id`,
    [id, answer, adminId],
  )
  const row = rows[0]
  if (row) return { ...toRequest(row), email: row.email, name: row.name }
  const exists = await db.query('select 1 from support_requests where id = $1', [id])
  if (exists.rowCount)
    throw new ConflictError('Esta solicitação já foi respondida.', 'ALREADY_ANSWERED')
  throw new NotFoundError('Solicitação não encontrada.')
}

/**
 * The named account manager shown to a customer whose plan has suporte_dedicado: that of
 * `ownerId`, the owner of the ledger the person works in (a team member sees the owner's).
 */
export async function accountManagerFor(
  db: Queryable,
  { ownerId }: { ownerId: string },
): Promise<AccountManager | null> {
  const { rows } = await db.query<AccountManager>(
    `select a.name, a.email, a.whatsapp
       from account_managers a
       join subscribers s on s.user_id = a.owner_user_id
       join plan_features p on p.plan_type = s.plan_type
      where a.owner_user_id = $1
        and ${planHasFeatureSql('suporte_dedicado')}`,
    [ownerId],
  )
  return rows[0] ?? null
}

/** Sets (or replaces) the account manager of the customer with this e-mail. */
export async function setAccountManager(
  db: Queryable,
  params: {
    customerEmail: string
    name: string
    email: string
    whatsapp: string
    adminId: string | null
  },
): Promise<{ userId: string; planType: string }> {
  const { rows } = await db.query<{ id: string; plan_type: string }>(
    `select p.id, coalesce(s.plan_type, 'free') as plan_type
       from profiles p left join subscribers s on s.user_id = p.id
      where lower(p.email) = lower($1)`,
    [params.customerEmail],
  )
  const customer = rows[0]
  if (!customer) throw new NotFoundError('Nenhuma conta com esse e-mail.')
  await db.query(
    `insert into account_managers (owner_user_id, name, email, whatsapp, updated_by)
     values ($1, $2, $3, $4, $5)
     on conflict (owner_user_id) do update
       set name = excluded.name, email = excluded.email, whatsapp = excluded.whatsapp,
           updated_by = excluded.updated_by, updated_at = now()`,
    [customer.id, params.name, params.email, params.whatsapp, params.adminId],
  )
  return { userId: customer.id, planType: customer.plan_type }
}
