import Stripe from 'stripe'
import { isDemoId } from '../billing/index.ts'
import { deleteOwnerItemsAtAggregator } from '../integrations/index.ts'
import {
  type Db,
  dropQueuedEmails,
  type Queryable,
  queueEmail,
  withTransaction,
  type Env,
  AppError,
  type Logger,
} from '../platform/index.ts'
import { accountDeletedEmail } from './privacy-emails.ts'
import { waIdForms } from '../messaging/index.ts'
import { ident, personColumns } from './person-tables.ts'
import { dissolveOwnedTeams } from './team-dissolution.ts'

export type AccountDeletionDeps = {
  db: Db
  env: Env
  log: Logger
  stripe: Stripe | null
  /** The account's wrong-password counts (auth/password-failures.ts), keyed by e-mail HMAC. */
  forgetPasswordFailures?: (db: Queryable, email: string) => Promise<void>
}

type Person = {
  email: string
  stripe_customer_id: string | null
  stripe_subscription_id: string | null
  phone_key: string | null
  wa_id: string | null
}

export class BillingUnavailableError extends AppError {
  constructor() {
    super(
      503,
      'BILLING_UNAVAILABLE',
      'Não foi possível cancelar sua assinatura agora. Nada foi excluído: tente novamente em instantes.',
      { 'Retry-After': '60' },
    )
  }
}

async function findPerson(db: Queryable, userId: string): Promise<Person | null> {
  const { rows } = await db.query<Person>(
    `select u.email, s.stripe_customer_id, s.stripe_subscription_id, w.phone_key, w.wa_id
       from "user" u
       left join subscribers s on s.user_id = u.id
       left join whatsapp_links w on w.user_id = u.id
      where u.id = $1`,
    [userId],
  )
  return rows[0] ?? null
}

/**
 * The paid subscription ends now, not at the end of the period: the person asked to leave, and
 * after the deletion nothing here could answer Stripe's later events for them. Stripe failing
 * stops the deletion (503): deleting first would leave a subscription charging someone we can
 * no longer find.
 */
async function cancelStripeSubscription(deps: AccountDeletionDeps, person: Person) {
  const id = person.stripe_subscription_id
  if (!id || isDemoId(id) || !deps.stripe) return
  try {
    const subscription = await deps.stripe.subscriptions.retrieve(id)
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return
    await deps.stripe.subscriptions.cancel(id, { prorate: false })
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return
    deps.log.error({ err: error }, 'account deletion: Stripe subscription not cancelled')
    throw new BillingUnavailableError()
  }
}

/**
 * Rows the catalogue finds naming the person (person-tables.ts), in tables no foreign key
 * cascade reaches: a column that may be empty is emptied (a team's entry stays the team's, its
 * author unknown), any other row goes. Tables added later are covered without a change here.
 */
async function sweepPersonColumns(db: Queryable, userId: string) {
  for (const { table, column, nullable, inPrimaryKey } of await personColumns(db)) {
    const sql =
      nullable && !inPrimaryKey
        ? `update ${ident(table)} set ${ident(column)} = null where ${ident(column)} = $1`
        : `delete from ${ident(table)} where ${ident(column)} = $1`
    await db.query(sql, [userId])
  }
}

/**
 * DELETE /api/me (LGPD art. 18 VI): the account and everything kept about the person, in one
 * transaction — profile, subscription row, ledger with its entries and bills, WhatsApp link
 * and every message to or from the number, sessions and sign-in methods, the waitlist entry
 * with the same e-mail, e-mails to the address not sent yet. The paid subscription is cancelled
 * at Stripe first, and a confirmation is queued to the address with the deletion. The e-mail
 * is free to sign up again.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  { userId }: { userId: string },
): Promise<void> {
  const person = await findPerson(deps.db, userId)
  if (!person) return
  await cancelStripeSubscription(deps, person)
  // Bank connections go at the aggregator too (ARCHITECTURE §11); its failure stops here (503).
  await deleteOwnerItemsAtAggregator(deps, { userId })

  await withTransaction(deps.db, async (tx) => {
    await dissolveOwnedTeams(tx, { userId })
    const forms = person.phone_key ? waIdForms(person.phone_key) : []
    if (person.wa_id) forms.push(person.wa_id)
    await tx.query('delete from whatsapp_inbound where user_id = $1 or wa_id = any($2)', [
      userId,
      forms,
    ])
    await tx.query('delete from whatsapp_outbound where user_id = $1 or wa_id = any($2)', [
      userId,
      forms,
    ])
    await tx.query('delete from usuarios where lower(email) = lower($1)', [person.email])
    // E-mails not sent yet (a reset link, an answer): they carry the address and its links.
    await dropQueuedEmails(tx, { email: person.email })
    await tx.query('delete from "verification" where value = $1 or identifier = lower($2)', [
      userId,
      person.email,
    ])
    // Stripe's events about this customer (they carry the name and e-mail Stripe holds).
    const stripeIds = [person.stripe_customer_id, person.stripe_subscription_id].filter(
      (id): id is string => Boolean(id),
    )
    if (stripeIds.length) {
      await tx.query(
        `delete from stripe_events e
          where exists (select 1 from unnest($1::text[]) as i(id)
                         where strpos(e.payload::text, '"' || i.id || '"') > 0)`,
        [stripeIds],
      )
    }
    await deps.forgetPasswordFailures?.(tx, person.email)
    // Invitations sent to the address (any team's, open or not): the e-mail is theirs.
    await tx.query('delete from team_invitations where email = lower($1)', [person.email])
    // Outgoing webhook events keep the entry, not its author: the name and id go (issue 25).
    await tx.query(
      `update webhook_events set data = jsonb_set(data, '{created_by}', 'null'::jsonb)
        where data -> 'created_by' ->> 'id' = $1`,
      [userId],
    )
    await sweepPersonColumns(tx, userId)
    // Cascades: profile → subscription → ledger → entries, bills…; sessions, sign-in methods.
    await tx.query('delete from "user" where id = $1', [userId])
    await tx.query('delete from profiles where id = $1', [userId])
    // The notice goes with the deletion, or not at all. Sending it erases the address from the
    // outbox (ADR 020): nothing of the person stays once it has gone.
    await queueEmail(tx, {
      to: person.email,
      kind: 'conta-excluida',
      content: accountDeletedEmail({ link: deps.env.PUBLIC_URL }),
    })
  })
  deps.log.info({ userId }, 'account deleted at its owner’s request')
}
