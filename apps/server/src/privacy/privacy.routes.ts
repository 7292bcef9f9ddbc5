import type { AppDeps } from '../tenancy/index.ts'
import { deleteAccountSchema, saoPauloDate } from '@equilibrai/shared'
import { Hono } from 'hono'
import { createBillingContext } from '../billing/index.ts'
import { type AppBindings, clientIp, Lane, parseBody } from '../platform/index.ts'
import { requireUser } from '../accounts/index.ts'
import { deleteAccount } from './account-deletion.ts'
import { buildDataExport } from './data-export.ts'
import { renderDataSummary } from './data-summary.ts'
import { confirmDeletionConsent } from './deletion-consent.ts'

/** Better Auth's cookies for this app, whatever their prefix (`__Secure-` in production). */
function authCookieNames(cookieHeader: string | undefined): string[] {
  return (cookieHeader ?? '')
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => /^(__Secure-)?equilibrai\./.test(name))
}

/**
 * LGPD self-service (ARCHITECTURE §8): GET /api/me/export downloads everything stored about the
 * caller as one JSON file; DELETE /api/me {password} deletes the account and its data.
 */
/**
 * LGPD exports in this process: each gathers a person's whole history in memory, so only a
 * couple at once and a couple waiting; the rest are refused with 503 BUSY and Retry-After.
 */
const exportLane = new Lane({ concurrency: 2, queue: 2, retryAfterSeconds: 10 })

export function privacyRoutes(deps: AppDeps) {
  const { db, env } = deps
  const billing = createBillingContext(deps)
  return (
    new Hono<AppBindings>()
      .get('/me/export', requireUser(deps), async (c) => {
        const body = await exportLane.run(async () =>
          JSON.stringify(await buildDataExport(db, { userId: c.get('user').id }), null, 2),
        )
        const file = `equilibrai-meus-dados-${saoPauloDate(new Date())}.json`
        c.header('Content-Disposition', `attachment; filename="${file}"`)
        c.header('Cache-Control', 'no-store')
        return c.body(body, 200, {
          'Content-Type': 'application/json; charset=utf-8',
        })
      })
      // The same data as a page a person reads (issue 26): who, plan, counts, accounts, last
      // entries, consents, connections. The JSON above stays the complete copy.
      .get('/me/export/summary', requireUser(deps), async (c) => {
        const body = await exportLane.run(async () =>
          renderDataSummary(await buildDataExport(db, { userId: c.get('user').id })),
        )
        const file = `equilibrai-meus-dados-${saoPauloDate(new Date())}.html`
        c.header('Content-Disposition', `attachment; filename="${file}"`)
        c.header('Cache-Control', 'no-store')
        return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8' })
      })
      .delete('/me', requireUser(deps), async (c) => {
        const { password } = await parseBody(c, deleteAccountSchema)
        const user = c.get('user')
        const ip = clientIp(c, env.TRUST_PROXY)
        // The same wrong-password count as sign-in (ADR 010): no free guesses through this door.
        const passwords = deps.authRateLimiter.passwords
        if (password) await passwords.assertMayTry(user.email, ip)
        await confirmDeletionConsent(deps, {
          userId: user.id,
          sessionCreatedAt: new Date(c.get('session').createdAt),
          password,
          onWrongPassword: () => passwords.recordFailure(user.email, ip),
        })
        await deleteAccount(
          { ...deps, stripe: billing.stripe, forgetPasswordFailures: passwords.forgetAccount },
          { userId: user.id },
        )
        const secure = env.NODE_ENV === 'production' ? '; Secure' : ''
        for (const name of authCookieNames(c.req.header('cookie'))) {
          c.header('Set-Cookie', `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`, {
            append: true,
          })
        }
        return c.json({ deleted: true })
      })
  )
}
