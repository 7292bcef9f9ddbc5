import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'

const EMBEDDED = path.resolve(import.meta.dirname, '../src/platform/db/embedded-postgres.ts')

/** How the embedded PostgreSQL under DATA_DIR runs: from its postmaster.pid and credentials. */
export function embeddedEndpoint(dataDir: string) {
  const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')
  const { password } = JSON.parse(readFileSync(path.join(dataDir, 'postgres.json'), 'utf8')) as {
    password: string
  }
  return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: lines[4] ?? '', password }
}

/**
 * The client connections of the embedded database other than this one, by transport: over the
 * Unix socket PostgreSQL reports no client address.
 */
export async function clientTransports(dataDir: string) {
  const { port, socketDir, password } = embeddedEndpoint(dataDir)
  const client = new pg.Client({
    host: socketDir,
    port,
    user: 'postgres',
    password,
    database: 'postgres',
  })
  await client.connect()
  try {
    const { rows } = await client.query<{ unix: number; tcp: number }>(
      `select count(*) filter (where client_addr is null)::int as unix,
              count(*) filter (where client_addr is not null)::int as tcp
         from pg_stat_activity
        where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    )
    return rows[0] as { unix: number; tcp: number }
  } finally {
    await client.end()
  }
}

/** A process of ours that starts the database and stays (to be killed, as a crash would). */
export async function ownerInAnotherProcess(dir: string) {
  const owner = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { openEmbeddedPostgres } = await import(${JSON.stringify(EMBEDDED)})
       const quiet = { info() {}, warn() {}, error() {}, debug() {} }
       await openEmbeddedPostgres(process.argv[1], 'test', quiet)
       process.stdout.write('ready')`,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    owner.stdout.on('data', (d) => String(d).includes('ready') && resolve())
    owner.on('exit', () => reject(new Error('the owner exited before starting postgres')))
  })
  return owner
}
