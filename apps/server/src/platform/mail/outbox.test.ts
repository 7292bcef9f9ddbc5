import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueEmail } from '../../../test/auth-client.ts'
import { type MailCatcher, startMailCatcher } from '../../../test/mail-catcher.ts'
import { testEnv } from '../../../test/test-server.ts'
import { useTestDatabase } from '../../../test/use-test-database.ts'
import { startJobRunner } from '../../app/job-runner.ts'
import { withTransaction } from '../db/transaction.ts'
import { createLogger } from '../logger.ts'
import { createMailer, type Mailer } from './mailer.ts'
import {
  deliverEmail,
  type MailSendPolicy,
  queueEmail,
  queueEmailNow,
  recoverEmails,
} from './outbox.ts'

/*
 * The e-mail outbox (ADR 020) against a real PostgreSQL and a real SMTP server: what commits is
 * sent, what rolls back never is; failures are retried and end 'sent' or 'failed'; an attempt
 * a crash cut short is taken again once its lease runs out.
 */
const database = useTestDatabase()
let mail: MailCatcher
let mailer: Mailer
const log = createLogger('silent')
/** Retries at once, so a test drives each attempt itself. */
const QUICK: MailSendPolicy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 }

beforeAll(async () => {
  mail = await startMailCatcher()
  mailer = createMailer(testEnv({ SMTP_URL: mail.url }), log)
})
afterAll(async () => {
  mailer?.close()
  await mail?.close()
})

const db = () => database.pool
const content = (link: string) => ({
  subject: 'Teste — Equilibraí',
  text: `Olá!\n\n${link}\n`,
  html: `<p><a href="${link}">Abrir</a></p>`,
  link,
})
/**
 * One run of the e-mail's mail_send job, as the runner does it: the waiting job is taken (and
 * gone once it ends), then the sender runs. `take: false` runs the sender alone, as a
 * duplicated job would.
 */
async function deliver(
  id: number,
  { take = true, ...deps }: { mailer?: Mailer; policy?: MailSendPolicy; take?: boolean } = {},
) {
  if (take) await db().query('select graphile_worker.remove_job($1)', [`mail:${id}`])
  await deliverEmail(
    { db: db(), log, mailer: deps.mailer ?? mailer, policy: deps.policy ?? QUICK },
    id,
  )
}

async function row(id: number) {
  const { rows } = await db().query(
    `select status, attempts, recipient, text_body, html_body, link, last_error,
            sent_at is not null as sent, failed_at is not null as failed
       from email_outbox where id = $1`,
    [id],
  )
  return rows[0]
}

/** The mail_send job waiting for this e-mail (not taken by a worker), if any. */
async function waitingJob(id: number) {
  const { rows } = await db().query<{ run_at: Date }>(
    `select run_at from graphile_worker.jobs where key = 'mail:' || $1::text and locked_at is null`,
    [id],
  )
  return rows[0] ?? null
}

const erased = { recipient: null, text_body: null, html_body: null, link: null }

describe('queueing', () => {
  it('sends an e-mail whose transaction committed, and never one whose transaction rolled back', async () => {
    const kept = uniqueEmail('fica')
    const lost = uniqueEmail('desfeito')
    await expect(
      withTransaction(db(), async (tx) => {
        await queueEmail(tx, { to: lost, kind: 'teste', content: content('http://x/desfeito') })
        throw new Error('a causa falhou')
      }),
    ).rejects.toThrow('a causa falhou')
    const id = await queueEmailNow(db(), {
      to: kept,
      kind: 'teste',
      content: content('http://x/fica'),
    })
    const { rows } = await db().query('select 1 from email_outbox where recipient = $1', [lost])
    expect(rows).toEqual([])
    expect(await waitingJob(id)).not.toBeNull()

    // The real job runner sends what is queued.
    const runner = await startJobRunner(db(), log, testEnv({ SMTP_URL: mail.url }))
    try {
      const message = await mail.waitFor(kept)
      expect(message.link).toBe('http://x/fica')
      await expect.poll(async () => (await row(id))?.status).toBe('sent')
    } finally {
      await runner.stop()
    }
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, ...erased })
    expect(mail.messages.some((m) => m.to.includes(lost))).toBe(false)
  })
})

describe('failures', () => {
  it('retries an SMTP server that says "try later", then the row ends sent, without the address', async () => {
    const to = uniqueEmail('ocupada')
    const id = await queueEmailNow(db(), { to, kind: 'teste', content: content('http://x/1') })
    mail.refuseNext(1, { code: 451, text: 'Caixa de {to} ocupada, tente mais tarde' })

    await deliver(id)
    const failed = await row(id)
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, recipient: to })
    expect(failed?.last_error).toMatch(/^EMESSAGE 451: /)
    expect(failed?.last_error).not.toContain(to)
    expect(await waitingJob(id)).not.toBeNull()

    await deliver(id)
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      last_error: null,
      ...erased,
    })
    expect(mail.messages.filter((m) => m.to.includes(to))).toHaveLength(1)
    expect(await waitingJob(id)).toBeNull()
    // Done: a duplicated job finds nothing to do.
    await deliver(id, { take: false })
    expect(mail.messages.filter((m) => m.to.includes(to))).toHaveLength(1)
  })

  it('gives up at once on a 5xx refusal of the message: failed, erased, no job left', async () => {
    const to = uniqueEmail('recusada')
    const id = await queueEmailNow(db(), { to, kind: 'teste', content: content('http://x/2') })
    mail.refuseNext(1, { code: 554, text: 'Mensagem para {to} recusada' })
    await deliver(id)
    const failed = await row(id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, failed: true, ...erased })
    expect(failed?.last_error).toBe(
      'EMESSAGE 554: Message failed: 554 Mensagem para <destinatário> recusada',
    )
    expect(await waitingJob(id)).toBeNull()
  })

  it('marks an e-mail failed after the last attempt when the server never answers', async () => {
    const down = createMailer(testEnv({ SMTP_URL: 'smtp://127.0.0.1:1' }), log)
    try {
      const to = uniqueEmail('fora')
      const id = await queueEmailNow(db(), { to, kind: 'teste', content: content('http://x/3') })
      const policy = { ...QUICK, maxAttempts: 2 }
      await deliver(id, { mailer: down, policy })
      expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 })
      await deliver(id, { mailer: down, policy })
      const failed = await row(id)
      expect(failed).toMatchObject({ status: 'failed', attempts: 2, ...erased })
      expect(failed?.last_error).toMatch(/^E[A-Z]+: /)
      expect(await waitingJob(id)).toBeNull()
    } finally {
      down.close()
    }
  })
})

describe('a crash mid-attempt', () => {
  const staleAfterMs = 60_000

  it('leaves the e-mail to its attempt while the lease runs, then the sweep queues it again and it is sent', async () => {
    const to = uniqueEmail('queda')
    const id = await queueEmailNow(db(), { to, kind: 'teste', content: content('http://x/4') })
    // A worker took the job, claimed the e-mail and died: graphile-worker keeps its job locked
    // for four hours.
    await db().query(
      `update graphile_worker._private_jobs set locked_at = now(), locked_by = 'morto'
        where key = 'mail:' || $1::text`,
      [id],
    )
    await db().query(
      'update email_outbox set attempts = 1, attempt_started_at = now() where id = $1',
      [id],
    )
    expect(await recoverEmails(db(), { staleAfterMs })).toEqual({ emails: 0 })
    // A job that runs now (a duplicate) leaves it alone too: the attempt may still be alive.
    await deliver(id, { take: false })
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 })

    // Three minutes on: the lease ran out, and the job's locker was never heard from.
    await db().query(
      `update email_outbox set attempt_started_at = now() - interval '3 minutes' where id = $1`,
      [id],
    )
    await db().query(
      `update graphile_worker._private_jobs set locked_at = now() - interval '3 minutes'
        where key = 'mail:' || $1::text`,
      [id],
    )
    expect(await recoverEmails(db(), { staleAfterMs })).toEqual({ emails: 1 })
    expect(await waitingJob(id)).not.toBeNull()
    await deliver(id)
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, ...erased })
    expect(mail.messages.filter((m) => m.to.includes(to))).toHaveLength(1)
  })

  it("leaves alone an e-mail whose job waits in a live runner's local queue, not yet claimed", async () => {
    const id = await queueEmailNow(db(), {
      to: uniqueEmail('na-fila'),
      kind: 'teste',
      content: content('http://x/6'),
    })
    // Fetched a moment ago by a runner whose first heartbeat is still to come (ADR 024, late).
    await db().query(
      `update graphile_worker._private_jobs set locked_at = now(), locked_by = 'recem-iniciado'
        where key = 'mail:' || $1::text`,
      [id],
    )
    expect(await recoverEmails(db(), { staleAfterMs })).toEqual({ emails: 0 })
    // Locked long ago by a runner that has been beating since: still its own.
    await db().query(
      `update graphile_worker._private_jobs set locked_at = now() - interval '10 minutes'
        where key = 'mail:' || $1::text`,
      [id],
    )
    await db().query(
      `insert into worker_heartbeats (locker_id, process, seen_at)
       values ('recem-iniciado', 'p', now())`,
    )
    expect(await recoverEmails(db(), { staleAfterMs })).toEqual({ emails: 0 })
    // Silent past the window: the e-mail gets a fresh job.
    await db().query(
      `update worker_heartbeats set seen_at = now() - interval '2 minutes'
        where locker_id = 'recem-iniciado'`,
    )
    expect(await recoverEmails(db(), { staleAfterMs })).toEqual({ emails: 1 })
    expect(await waitingJob(id)).not.toBeNull()
  })

  it('gives up on an e-mail whose attempts all died', async () => {
    const to = uniqueEmail('sempre-cai')
    const id = await queueEmailNow(db(), { to, kind: 'teste', content: content('http://x/5') })
    await db().query('update email_outbox set attempts = $2 where id = $1', [id, QUICK.maxAttempts])
    await deliver(id)
    expect(await row(id)).toMatchObject({
      status: 'failed',
      last_error: 'MAX_ATTEMPTS: tentativas interrompidas',
      ...erased,
    })
    expect(mail.messages.some((m) => m.to.includes(to))).toBe(false)
  })
})
