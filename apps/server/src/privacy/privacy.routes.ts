import type { AppDeps } from '../tenancy/index.ts'
import { deleteAccountSchema, saoPauloDate } from '@equilibrai/shared'
import { Hono } from 'hono'
import { createBillingContext } from '../billing/index.ts'
import { type AppBindings, clientIp, parseBody, streamedBody } from '../platform/index.ts'
import { requireUser } from '../accounts/index.ts'
import { deleteAccount } from './account-deletion.ts'
import { openDataExport, readDataExport } from './data-export.ts'
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
 * caller as one JSON file (/me/export/summary: the same as a readable pt-BR page); DELETE /api/me {password} deletes the account and its data.
 *
 * The export is streamed, a batch of rows at a time, in the export lane (each holds a database
 * connection while it runs): beyond the lane and its queue, 503 BUSY with Retry-After.
 */
export function privacyRoutes(deps: AppDeps) {
  const { db, env, lanes, log } = deps
  const billing = createBillingContext(deps)
  return (
    new Hono<AppBindings>()
      .get('/me/export', requireUser(deps), async (c) => {
        const turn = await lanes.export.enter()
        let source: Awaited<ReturnType<typeof openDataExport>>
        try {
          source = await openDataExport(db, { userId: c.get('user').id })
        } catch (error) {
          turn.release()
          throw error
        }
        const file = `equilibrai-meus-dados-${saoPauloDate(new Date())}.json`
        c.header('Content-Disposition', `attachment; filename="${file}"`)
        c.header('Cache-Control', 'no-store')
        return c.body(streamedBody(source.chunks, { turn, log, onEnd: source.close }), 200, {
          'Content-Type': 'application/json; charset=utf-8',
        })
      })
      // The same export as a page a person reads (issue 26), in the same lane.
      .get('/me/export/summary', requireUser(deps), async (c) => {
        const turn = await lanes.export.enter()
        let body: string
        try {
          body = renderDataSummary(await readDataExport(db, { userId: c.get('user').id }))
        } finally {
          turn.release()
        }
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
