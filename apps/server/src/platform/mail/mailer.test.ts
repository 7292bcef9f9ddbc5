import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '../env.ts'
import { createMailer } from './mailer.ts'
import { resetPasswordEmail, verificationEmail } from '../../accounts/account-emails.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('mailer without SMTP_URL', () => {
  it('writes each e-mail to DATA_DIR/mail as .eml and, in development, logs the link, not the body', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-mail-'))
    dirs.push(dataDir)
    const lines: string[] = []
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk))
          done()
        },
      }),
    )
    const mailer = createMailer(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'development' }), log)
    const link = 'http://localhost:3000/api/auth/verify-email?token=abc'
    await mailer.send({
      kind: 'confirmar-email',
      to: 'joana@exemplo.com.br',
      ...verificationEmail({ link }),
    })
    const files = readdirSync(path.join(dataDir, 'mail'))
    expect(files).toHaveLength(1)
    const file = path.join(dataDir, 'mail', files[0] ?? '')
    expect(file).toMatch(/confirmar-email-[0-9a-f]+\.eml$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const eml = readFileSync(file, 'utf8')
    expect(eml).toContain('To: joana@exemplo.com.br')
    expect(eml).toContain('Content-Type: text/html')
    const entry = JSON.parse(lines.at(-1) ?? '{}') as Record<string, unknown>
    expect(entry).toMatchObject({ level: 30, link, file })
    expect(lines.join('')).not.toContain('joana@exemplo.com.br')
  })

  it('never logs the link outside development', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'equilibrai-mail-'))
    dirs.push(dataDir)
    const lines: string[] = []
    const log = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk))
          done()
        },
      }),
    )
    const mailer = createMailer(parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'test' }), log)
    await mailer.send({
      kind: 'redefinir-senha',
      to: 'joana@exemplo.com.br',
      ...resetPasswordEmail({ link: 'http://localhost/reset-password/SEGREDO123' }),
    })
    expect(lines).toHaveLength(1)
    expect(lines.join('')).not.toContain('SEGREDO123')
  })
})

describe('e-mail texts', () => {
  it('are pt-BR, name Equilibraí, greet without the name and escape the link in HTML', () => {
    const mail = verificationEmail({ link: 'https://x/y?a=1&b=2' })
    expect(mail.subject).toBe('Confirme seu e-mail — Equilibraí')
    expect(mail.text.startsWith('Olá!')).toBe(true)
    expect(mail.text).toContain('https://x/y?a=1&b=2')
    expect(mail.html).toContain('href="https://x/y?a=1&amp;b=2"')
    const reset = resetPasswordEmail({ link: 'https://x' })
    expect(reset.subject).toBe('Redefinir sua senha — Equilibraí')
    expect(reset.text.startsWith('Olá!')).toBe(true)
  })
})
