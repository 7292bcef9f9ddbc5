import { SMTPServer } from 'smtp-server'

/** A message a local SMTP server received, decoded enough to read its text and its link. */
export type CapturedMail = {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  /** The first http(s) link of the text part. */
  link: string
  raw: string
}

export type MailCatcher = {
  /** smtp://127.0.0.1:<port>: what SMTP_URL is set to. */
  url: string
  messages: CapturedMail[]
  /**
   * The first message to `to` (with this subject, when given) among those received after the
   * first `since`, waiting for it if needed.
   */
  waitFor(
    to: string,
    options?: { since?: number; subject?: string; timeoutMs?: number },
  ): Promise<CapturedMail>
  /**
   * The next `count` messages are refused after their data is sent, with this SMTP answer
   * (451: try later; 554: refused for good). The text may name the recipient (`{to}`), as
   * real servers' answers do.
   */
  refuseNext(count: number, answer: { code: number; text: string }): void
  close(): Promise<void>
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = []
  const text = body.replace(/=\r?\n/g, '')
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 words; adjacent ones join without the space between (a character may span two). */
function decodeHeaderWords(value: string): string {
  const word = /=\?utf-8\?([QB])\?([^?]*)\?=/gi
  return value.replace(/(=\?utf-8\?[QB]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes: Buffer[] = []
    for (const [, enc = '', data = ''] of run.matchAll(word)) {
      bytes.push(
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(decodeQuotedPrintable(data.replace(/_/g, ' ')), 'utf8'),
      )
    }
    return Buffer.concat(bytes).toString('utf8') + (/\s$/.test(run) ? ' ' : '')
  })
}

/** The decoded body of the first part with this content type (nodemailer's output only). */
function part(raw: string, type: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, 'i'))
  if (start < 0) return ''
  const rest = raw.slice(start)
  const headerEnd = rest.search(/\r?\n\r?\n/)
  const headers = rest.slice(0, headerEnd)
  const bodyAndMore = rest.slice(headerEnd).replace(/^\r?\n\r?\n/, '')
  // The part ends at the MIME boundary itself, not at any line starting with '--': a
  // quoted-printable line may (a link's token broken by a soft line break before '--').
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => `\n--${m[1]}`)
  const end = Math.min(
    ...boundaries.map((b) => bodyAndMore.indexOf(b)).filter((i) => i >= 0),
    bodyAndMore.length,
  )
  const body = bodyAndMore.slice(0, end).replace(/\r$/, '')
  const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CapturedMail[] = []
  const waiters = new Set<() => void>()
  const refusals: Array<{ code: number; text: string }> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const refusal = refusals.shift()
        if (refusal) {
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ')
          const error = Object.assign(new Error(refusal.text.replaceAll('{to}', to)), {
            responseCode: refusal.code,
          })
          return callback(error)
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        const text = part(raw, 'text/plain')
        const from = session.envelope.mailFrom
        messages.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeHeaderWords(/^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '')
            .replace(/\r?\n[ \t]/g, ' ')
            .trim(),
          text,
          html: part(raw, 'text/html'),
          link: /https?:\/\/\S+/.exec(text)?.[0] ?? '',
          raw,
        })
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { since = 0, subject, timeoutMs = 10_000 } = {}) {
      const find = () =>
        messages
          .slice(since)
          .find((m) => m.to.includes(to.toLowerCase()) && (!subject || m.subject === subject))
      return new Promise((resolve, reject) => {
        const found = find()
        if (found) return resolve(found)
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        const check = () => {
          const mail = find()
          if (!mail) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(mail)
        }
        waiters.add(check)
      })
    },
    refuseNext(count, answer) {
      for (let i = 0; i < count; i++) refusals.push(answer)
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
