import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { type SentMessage, startFakeMeta } from '../test/fake-meta.ts'

/*
 * Bench-only: the local fake of Meta's Graph API in a process of its own, as Meta is elsewhere.
 * In the server's process its ~400 POSTs a second during the burst took turns on the event loop
 * that acknowledges the webhook, and its CPU counted as the server's (ADR 036, 2026-11-27). The
 * child reports each message it received (wamid, recipient, epoch ms), those of one turn of its
 * event loop together.
 */

export type ReceivedMessage = Pick<SentMessage, 'wamid' | 'to' | 'at'>

export type FakeMetaProcess = {
  url: string
  pid: number | undefined
  /** Every message the fake received, in order. */
  sent: ReceivedMessage[]
  /** 'sent' with each ReceivedMessage as it is reported. */
  events: EventEmitter
  close(): Promise<void>
}

type FromChild = { url: string } | { sent: ReceivedMessage[] }

export async function startFakeMetaProcess(): Promise<FakeMetaProcess> {
  const child = fork(import.meta.filename, ['--child'], { execArgv: process.execArgv })
  const sent: ReceivedMessage[] = []
  const events = new EventEmitter()
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fake Meta exited (${code})`)))
    child.on('message', (m: FromChild) => {
      if ('url' in m) resolve(m.url)
      else
        for (const message of m.sent) {
          sent.push(message)
          events.emit('sent', message)
        }
    })
  })
  return {
    url,
    pid: child.pid,
    sent,
    events,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.send('close')
      }),
  }
}

if (process.argv.includes('--child')) {
  const fake = await startFakeMeta()
  let pending: ReceivedMessage[] = []
  fake.events.on('sent', (m: SentMessage) => {
    if (pending.length === 0) {
      setImmediate(() => {
        process.send?.({ sent: pending } satisfies FromChild)
        pending = []
      })
    }
    pending.push({ wamid: m.wamid, to: m.to, at: m.at })
  })
  process.on('message', async (m) => {
    if (m !== 'close') return
    await fake.close()
    process.exit(0)
  })
  process.send?.({ url: fake.url } satisfies FromChild)
}
