import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { MailContent } from './templates.ts'

export type MailMessage = MailContent & { to: string; kind: string }

export type Mailer = {
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * Sends one e-mail now. Only the outbox's mail_send job calls it (outbox.ts): everything else
 * queues e-mails with `queueEmail`, in the transaction that causes them.
 *
 * SMTP_URL set: real e-mail through nodemailer. Unset (never in production: env.ts refuses to
 * start): each message is written as an .eml file under DATA_DIR/mail, and in development its
 * link is logged too, so a newcomer can confirm an account with no mail server at all. Links
 * carry tokens: outside development they are never logged. The body never goes to the log.
 */
export function createMailer(env: Env, log: Logger): Mailer {
  if (env.SMTP_URL) {
    // Short timeouts: a stuck server fails the attempt, and the outbox tries again later.
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    return {
      async send({ to, subject, text, html, kind }) {
        const info = await transport.sendMail({ from: env.MAIL_FROM, to, subject, text, html })
        log.info({ kind, messageId: info.messageId }, 'e-mail enviado')
      },
      close: () => transport.close(),
    }
  }

  const dir = path.join(env.DATA_DIR, 'mail')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })
  return {
    async send({ to, subject, text, html, kind, link }) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, to, subject, text, html })
      mkdirSync(dir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(dir, `${stamp}-${kind}-${randomBytes(3).toString('hex')}.eml`)
      writeFileSync(file, info.message as Buffer, { mode: 0o600 })
      const shown = env.NODE_ENV === 'development' ? { link } : {}
      log.info({ kind, file, ...shown }, 'e-mail gravado em arquivo (SMTP_URL não definido)')
    },
    close: () => transport.close(),
  }
}
