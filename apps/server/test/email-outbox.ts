import { expect } from 'vitest'
import type { TestServer } from './test-server.ts'

/**
 * Waits until the outbox holds no e-mail waiting to go (to `to`, when given): each one sent or
 * failed (ADR 020). Tests wait for this instead of sleeping before they assert that something
 * was, or was not, mailed. A server without a job runner (WORKER=off) sends nothing itself:
 * there is nothing to wait for.
 */
export async function emailsSettled(
  server: TestServer,
  { to, timeout = 15_000 }: { to?: string; timeout?: number } = {},
): Promise<void> {
  if (server.deps.env.WORKER === 'off') return
  await expect
    .poll(
      async () =>
        (
          await server.database.pool.query<{ n: number }>(
            `select count(*)::int as n from email_outbox
              where status = 'queued' and ($1::text is null or lower(recipient) = lower($1))`,
            [to ?? null],
          )
        ).rows[0]?.n,
      { timeout, interval: 25 },
    )
    .toBe(0)
}
