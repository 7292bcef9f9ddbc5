import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, inject, it } from 'vitest'
import { purgeUnverifiedSignUps } from '../src/accounts/auth-cleanup.ts'
import { signedInUser, signUp, TestClient, uniqueEmail } from './auth-client.ts'
import { useTestServer } from './use-test-database.ts'

/** The audit's smaller items: each was reproducible before its fix. */
const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

describe("Better Auth's update-user", () => {
  it('is closed: the name changes only through PATCH /api/profile, with its rules', async () => {
    const { client, userId } = await signedInUser(server, { name: 'Nome Original' })
    const res = await client.post('/api/auth/update-user', {
      name: `<script>alert(1)</script>${'x'.repeat(5000)}`,
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const { rows } = await server.database.pool.query(
      'select u.name as user_name, p.name from "user" u join profiles p using (id) where u.id = $1',
      [userId],
    )
    expect(rows[0]).toEqual({ user_name: 'Nome Original', name: 'Nome Original' })
  })
})

describe('sign-up name', () => {
  it('is trimmed and 2 to 100 characters', async () => {
    const long = await signUp(new TestClient(server), {
      email: uniqueEmail(),
      name: 'x'.repeat(101),
    })
    expect(long.status).toBe(400)
    expect((await errorOf(long)).message).toBe('Nome deve ter no máximo 100 caracteres')
    const blank = await signUp(new TestClient(server), { email: uniqueEmail(), name: '   A   ' })
    expect(blank.status).toBe(400)
    expect((await errorOf(blank)).message).toBe('Nome deve ter no mínimo 2 caracteres')
  })
})

describe('messages', () => {
  it('answers a null phone at sign-up in pt-BR, not with English', async () => {
    const res = await new TestClient(server).post('/api/auth/sign-up/email', {
      name: 'Maria Souza',
      email: uniqueEmail(),
      password: 'Cafe-Com-Leite-42',
      phone: null,
    })
    expect(res.status).toBe(400)
    const { message } = await errorOf(res)
    expect(message).not.toMatch(/invalid|expected|required/i)
    expect(message).toMatch(/inválid|Telefone/i)
  })
})

describe('personal /api answers', () => {
  it('carry Cache-Control: no-store; the plans keep their own caching', async () => {
    const { client } = await signedInUser(server)
    for (const p of [
      '/api/profile',
      '/api/subscription',
      '/api/me/has-role?role=admin',
      '/api/v1/transactions',
      '/api/auth/get-session',
      '/api/whatsapp/link',
    ]) {
      const res = await client.request(p)
      expect(res.status, p).toBe(200)
      expect(res.headers.get('cache-control'), p).toBe('no-store')
    }
    const plans = await client.request('/api/plans')
    expect(plans.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })
})

describe('X-Request-Id', () => {
  it("is the server's own, whatever the client sends", async () => {
    const res = await server.api('/api/health', { headers: { 'x-request-id': 'forjado-123' } })
    const id = res.headers.get('x-request-id')
    expect(id).not.toBe('forjado-123')
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe('unconfirmed sign-ups', () => {
  it('are purged after 7 days (prune_auth_data), and the address can sign up again', async () => {
    const pool = server.database.pool
    const old = uniqueEmail()
    const recent = uniqueEmail()
    for (const email of [old, recent]) {
      expect((await signUp(new TestClient(server), { email })).status).toBe(200)
    }
    const confirmed = await signedInUser(server)
    await pool.query(
      `update "user" set "createdAt" = now() - interval '8 days' where email = any($1)`,
      [[old, confirmed.email]],
    )
    await pool.query(`update "user" set "createdAt" = now() - interval '6 days' where email = $1`, [
      recent,
    ])
    expect(await purgeUnverifiedSignUps(pool)).toBe(1)
    const { rows } = await pool.query<{ email: string }>(
      'select email from "user" where email = any($1) order by email',
      [[old, recent, confirmed.email]],
    )
    expect(rows.map((r) => r.email).sort()).toEqual([recent, confirmed.email].sort())
    const profiles = await pool.query('select 1 from profiles where email = $1', [old])
    expect(profiles.rows).toHaveLength(0)
    expect((await signUp(new TestClient(server), { email: old })).status).toBe(200)
  })
})

describe('the embedded PostgreSQL log', () => {
  it('is readable by its owner only and keeps no message fragments', async () => {
    const dir = inject('pgDataDir')
    const logFile = path.join(dir, 'postgres.log')
    expect(statSync(logFile).mode & 0o077).toBe(0)
    // DATA_DIR: no read or write for others (traverse only, when postgres runs as its own user).
    expect(statSync(dir).mode & 0o066).toBe(0)

    const client = new pg.Client({ connectionString: inject('pgAdminUrl') })
    await client.connect()
    try {
      const marker = `marcador-${Date.now()}`
      await client.query(`select 'gastei 45 no mercado fragmento-secreto'::int`).catch(() => {})
      await client.query(`do $$ begin raise log '${marker}'; end $$`)
      // The marker is logged after the failed statement: once it is there, so would the error be.
      await expect.poll(() => readFileSync(logFile, 'utf8').includes(marker)).toBe(true)
      expect(readFileSync(logFile, 'utf8')).not.toContain('fragmento-secreto')
    } finally {
      await client.end()
    }
  })
})
