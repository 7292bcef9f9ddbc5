import { Writable } from 'node:stream'
import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { AppBindings } from './app-types.ts'
import { redactPath, redactQuery } from './log-redaction.ts'
import { requestLog } from './request-log.ts'

function loggedApp() {
  const lines: Array<Record<string, unknown>> = []
  const log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>)
        done()
      },
    }),
  )
  const app = new Hono<AppBindings>()
  app.use(requestId())
  app.use(requestLog(log))
  app.all('*', (c) => c.text('ok'))
  return { app, lines }
}

const TOKEN = 'aB3dE5fG7hJ9kL1mN3pQ5rS7'

describe('the request log', () => {
  it('never writes a reset token, an OAuth code or a verify token', async () => {
    const { app, lines } = loggedApp()
    await app.request(`/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset-password`)
    await app.request(`/api/auth/callback/google?code=4%2F0AX${TOKEN}&state=${TOKEN}`)
    await app.request(`/api/auth/verify-email?token=${TOKEN}&callbackURL=/auth`)
    await app.request(
      `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=segredo&hub.challenge=123`,
    )
    await app.request(`/api/team/invitations/${TOKEN}/accept`, { method: 'POST' })
    await app.request(`/api/billing/demo/checkout/${TOKEN}/confirm`, { method: 'POST' })
    const text = JSON.stringify(lines)
    expect(lines).toHaveLength(6)
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain('segredo')
    expect(lines[0]).toMatchObject({ path: '/api/auth/reset-password/[redacted]' })
    expect(lines[1]).toMatchObject({
      path: '/api/auth/callback/google',
      query: 'code=[redacted]&state=[redacted]',
    })
    expect(lines[4]).toMatchObject({ path: '/api/team/invitations/[redacted]/accept' })
    expect(lines[5]).toMatchObject({ path: '/api/billing/demo/checkout/[redacted]/confirm' })
  })

  it('keeps ordinary paths and queries readable', () => {
    expect(redactPath('/api/v1/transactions/42')).toBe('/api/v1/transactions/42')
    expect(redactPath('/api/admin/users')).toBe('/api/admin/users')
    expect(redactQuery('?from=2026-11-01&to=2026-11-30&limit=20')).toBe(
      'from=2026-11-01&to=2026-11-30&limit=20',
    )
    expect(redactQuery('')).toBe('')
  })
})
