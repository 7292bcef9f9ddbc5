import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts'
import {
  fitsSocketPath,
  prepareSocketDir,
  socketDirCandidates,
} from '../src/platform/db/embedded-socket.ts'
import { isAlive } from '../src/platform/db/process-utils.ts'
import { createLogger } from '../src/platform/logger.ts'
import {
  clientTransports,
  embeddedEndpoint,
  ownerInAnotherProcess,
} from './embedded-connections.ts'

/*
 * The embedded PostgreSQL listens on a Unix socket under DATA_DIR (ADR 036), and every
 * connection of ours goes through it: the owner's, a second process attaching (the CLI, the
 * worker process), after a crash. Too long a DATA_DIR for a socket address falls back to a short
 * directory in the temp directory. Real postgres clusters, real processes.
 */
const quiet = createLogger('silent')
const DATABASE = path.resolve(import.meta.dirname, '../src/platform/db/database.ts')
const ENV = path.resolve(import.meta.dirname, '../src/platform/env.ts')
const dirs: string[] = []

function dataDir(name: string): string {
  const dir = path.join(os.tmpdir(), `equilibrai-sock-${process.pid}-${Date.now()}-${name}`)
  dirs.push(dir)
  return dir
}

afterAll(() => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true })
    for (const socketDir of socketDirCandidates(dir))
      rmSync(socketDir, { recursive: true, force: true })
  }
})

/** Where a connection string leads, as pg reads it. */
function hostOf(url: string): string {
  return decodeURIComponent(new URL(url).hostname)
}

/**
 * Another process opening the database as the worker process does (openDatabase, role worker):
 * prints where its pool connected and whether PostgreSQL saw a client address.
 */
function attachFromAnotherProcess(dir: string): Promise<{ host: string; addr: string | null }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { openDatabase } = await import(${JSON.stringify(DATABASE)})
       const { parseEnv } = await import(${JSON.stringify(ENV)})
       const quiet = { info() {}, warn() {}, error() {}, debug() {} }
       const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: process.argv[1], AUTH_SECRET: 'x'.repeat(40) })
       const db = await openDatabase(env, 'worker', quiet)
       const { rows } = await db.pool.query('select inet_server_addr()::text as addr')
       process.stdout.write(JSON.stringify({ host: decodeURIComponent(new URL(db.url).hostname), addr: rows[0].addr }))
       await db.close()`,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${out}`)),
    ),
  )
}

describe('the embedded database over a Unix socket', () => {
  it('is reached through DATA_DIR/postgres-socket by its owner and by a process attaching', async () => {
    const dir = dataDir('main')
    const db = await openEmbeddedPostgres(dir, 'test', quiet)
    try {
      const socketDir = path.join(dir, 'postgres-socket')
      expect(hostOf(db.url)).toBe(socketDir)
      expect(embeddedEndpoint(dir).socketDir).toBe(socketDir)
      const port = embeddedEndpoint(dir).port
      expect(existsSync(path.join(socketDir, `.s.PGSQL.${port}`))).toBe(true)

      // Over a Unix socket PostgreSQL has no server address for the connection.
      const client = new pg.Client({ connectionString: db.url })
      await client.connect()
      const { rows } = await client.query('select inet_server_addr()::text as addr')
      expect(rows[0].addr).toBeNull()

      // The worker process, the CLI: another process attaches through the same socket.
      const attached = await attachFromAnotherProcess(dir)
      expect(attached).toEqual({ host: socketDir, addr: null })
      expect(await clientTransports(dir)).toMatchObject({ tcp: 0 })
      await client.end()

      // TCP on 127.0.0.1 still answers (an operator's tools), with the same password.
      const { password } = embeddedEndpoint(dir)
      const tcp = new pg.Client({
        host: '127.0.0.1',
        port,
        user: 'postgres',
        password,
        database: 'postgres',
      })
      await tcp.connect()
      expect((await tcp.query('select inet_server_addr()::text as addr')).rows[0].addr).toBe(
        '127.0.0.1/32',
      )
      await tcp.end()
    } finally {
      await db.stop()
    }
    // A clean stop removes the socket and its lock file.
    expect(readdirSync(path.join(dir, 'postgres-socket'))).toEqual([])
  }, 180_000)

  it('clears the socket files a crash left, and comes back on the socket', async () => {
    const dir = dataDir('crash')
    const socketDir = path.join(dir, 'postgres-socket')
    // A crash of the machine's kind: the owner and postgres killed, nothing cleaned up.
    const owner = await ownerInAnotherProcess(dir)
    const crashed = embeddedEndpoint(dir)
    owner.kill('SIGKILL')
    process.kill(crashed.pid, 'SIGKILL')
    await expect.poll(() => isAlive(crashed.pid), { timeout: 30_000 }).toBe(false)
    expect(readdirSync(socketDir).sort()).toEqual([
      `.s.PGSQL.${crashed.port}`,
      `.s.PGSQL.${crashed.port}.lock`,
    ])
    // The next start clears them and listens afresh.
    const next = await openEmbeddedPostgres(dir, 'test', quiet)
    try {
      const now = embeddedEndpoint(dir)
      expect(readdirSync(socketDir).sort()).toEqual([
        `.s.PGSQL.${now.port}`,
        `.s.PGSQL.${now.port}.lock`,
      ])
      const client = new pg.Client({ connectionString: next.url })
      await client.connect()
      expect(
        (await client.query('select inet_server_addr()::text as addr')).rows[0].addr,
      ).toBeNull()
      await client.end()
    } finally {
      await next.stop()
    }
  }, 180_000)

  it('falls back to a short directory in the temp directory when DATA_DIR is too long for a socket', async () => {
    const dir = dataDir(`long-${'x'.repeat(80)}`)
    const [inside, short] = socketDirCandidates(dir) as [string, string]
    expect(fitsSocketPath(inside)).toBe(false)
    expect(fitsSocketPath(short)).toBe(true)
    const db = await openEmbeddedPostgres(dir, 'test', quiet)
    try {
      expect(hostOf(db.url)).toBe(short)
      const client = new pg.Client({ connectionString: db.url })
      await client.connect()
      expect(
        (await client.query('select inet_server_addr()::text as addr')).rows[0].addr,
      ).toBeNull()
      await client.end()
      expect(await attachFromAnotherProcess(dir)).toEqual({ host: short, addr: null })
    } finally {
      await db.stop()
    }
  }, 180_000)
})

describe('the socket directory', () => {
  it('is never a directory or link someone else put in the temp directory, nor too long', () => {
    const dir = dataDir(`taken-${'y'.repeat(80)}`)
    const [, short] = socketDirCandidates(dir) as [string, string]
    const elsewhere = dataDir('elsewhere')
    mkdirSync(elsewhere)
    symlinkSync(elsewhere, short)
    try {
      expect(prepareSocketDir(dir, undefined)).toBeNull()
    } finally {
      rmSync(short)
    }
    writeFileSync(short, '')
    try {
      expect(prepareSocketDir(dir, undefined)).toBeNull()
    } finally {
      rmSync(short)
    }
    expect(prepareSocketDir(dir, undefined)).toBe(short)

    const tmp = process.env.TMPDIR
    process.env.TMPDIR = path.join(os.tmpdir(), 'z'.repeat(100))
    try {
      // Neither fits: TCP only.
      expect(socketDirCandidates(dir).some(fitsSocketPath)).toBe(false)
      expect(prepareSocketDir(dir, undefined)).toBeNull()
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = tmp
    }
  })
})
