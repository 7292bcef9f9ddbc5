import { fmt, startBenchServer } from '../../../bench/bench-server.ts'
import { ledgerForUser } from '../src/tenancy/ledgers.queries.ts'
import { signedInCookie } from './bench-helpers.ts'

/**
 * Statement imports (issue 22): a 50,000-row OFX and a 50,000-row CSV, each uploaded over HTTP
 * (multipart), previewed and committed, with 1,000 typed entries to match against. Prints the
 * time of each step and the server process's memory (same process: the bench server is in here).
 * Goal: each file read + previewed + committed in under 10 s.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000)
const GOAL_MS = 10_000

const pad = (n: number) => String(n).padStart(2, '0')
function dateOf(i: number): string {
  const d = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
}
const MERCHANTS = ['DROGASIL', 'PADARIA PÃO & CIA', 'UBER *TRIP', 'IFOOD', 'POSTO SHELL', 'AMAZON']

function ofxFile(rows: number): string {
  const body: string[] = []
  for (let i = 0; i < rows; i++) {
    const cents = 100 + ((i * 7919) % 50000)
    const sign = i % 10 === 0 ? '' : '-'
    body.push(
      `<STMTTRN>\n<TRNTYPE>${sign ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${dateOf(i)}120000[-3:BRT]\n<TRNAMT>${sign}${Math.floor(cents / 100)}.${pad(cents % 100)}\n<FITID>${i}\n<MEMO>${MERCHANTS[i % MERCHANTS.length]} &amp; ${i}\n</STMTTRN>`,
    )
  }
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n<BANKTRANLIST>\n${body.join('\n')}\n</BANKTRANLIST>\n</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`
}

function csvFile(rows: number): string {
  const lines = ['Data,Valor,Identificador,Descrição']
  for (let i = 0; i < rows; i++) {
    const cents = 100 + ((i * 104729) % 70000)
    const d = dateOf(i)
    const sign = i % 10 === 0 ? '' : '-'
    lines.push(
      `${d.slice(6)}/${d.slice(4, 6)}/${d.slice(0, 4)},${sign}${Math.floor(cents / 100)}.${pad(cents % 100)},id-${i},"${MERCHANTS[(i + 3) % MERCHANTS.length]}, loja ${i}"`,
    )
  }
  return `${lines.join('\n')}\n`
}

const mb = (n: number) => fmt(n / 1024 / 1024, 1)

const server = await startBenchServer()
try {
  const db = server.database.pool
  const { cookie, userId } = await signedInCookie(server.url, db)
  await db.query(`update subscribers set plan_type = 'pf_simples' where user_id = $1`, [userId])
  const { ledgerId } = await ledgerForUser(db, { userId })
  // 1,000 typed entries in the same year for the matcher to look through.
  await db.query(
    `insert into transactions (ledger_id, created_by, type, amount_cents, description, category,
                               occurred_on, source)
     select $1, $2, 'expense', 100 + (i * 7919) % 50000, 'typed ' || i, 'outros',
            date '2025-01-01' + (i % 365), 'whatsapp'
       from generate_series(1, 1000) as i`,
    [ledgerId, userId],
  )
  let peakRss = process.memoryUsage().rss
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }, 50)
  for (const [name, text] of [
    ['OFX 1.02', ofxFile(ROWS)],
    ['Nubank CSV', csvFile(ROWS)],
  ] as const) {
    const bytes = new TextEncoder().encode(text)
    const t0 = performance.now()
    const form = new FormData()
    form.set('file', new Blob([bytes]), 'extrato')
    const res = await fetch(`${server.url}/api/v1/imports`, {
      method: 'POST',
      headers: { origin: server.url, cookie },
      body: form,
    })
    if (res.status !== 201) throw new Error(`preview: ${res.status} ${await res.text()}`)
    const summary = (await res.json()) as { id: number; rows: number; new: number; matched: number }
    const t1 = performance.now()
    const commit = await fetch(`${server.url}/api/v1/imports/${summary.id}/commit`, {
      method: 'POST',
      headers: { origin: server.url, cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    if (commit.status !== 200) throw new Error(`commit: ${commit.status} ${await commit.text()}`)
    const result = (await commit.json()) as { recorded: number; linked: number }
    const t2 = performance.now()
    const total = t2 - t1 + (t1 - t0)
    console.log(
      `${name}: ${fmt(summary.rows)} rows (${mb(bytes.length)} MB): preview ${fmt(t1 - t0)} ms, commit ${fmt(t2 - t1)} ms, total ${fmt(total)} ms (goal < ${fmt(GOAL_MS)} ms) ${total < GOAL_MS ? 'ok' : 'OVER'}; new ${fmt(summary.new)}, matched ${fmt(summary.matched)}, recorded ${fmt(result.recorded)}, linked ${fmt(result.linked)}`,
    )
  }
  clearInterval(timer)
  const mem = process.memoryUsage()
  console.log(
    `memory: peak RSS ${mb(peakRss)} MB, heap used now ${mb(mem.heapUsed)} MB (server, bench client and both files in one process)`,
  )
} finally {
  await server.cleanup()
}
