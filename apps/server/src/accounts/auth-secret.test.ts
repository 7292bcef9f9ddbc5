import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '../platform/env.ts'
import { resolveAuthSecret } from './auth-secret.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('AUTH_SECRET', () => {
  it('is generated once outside production and kept in DATA_DIR/auth-secret (0600)', () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'equilibrai-secret-')), 'data')
    dirs.push(path.dirname(dataDir))
    const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: 'development' })
    const first = resolveAuthSecret(env)
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600)
    expect(resolveAuthSecret(env)).toBe(first)
  })

  it('comes from the environment when set', () => {
    const secret = 's'.repeat(40)
    expect(resolveAuthSecret(parseEnv({ AUTH_SECRET: secret, DATA_DIR: '/nonexistent' }))).toBe(
      secret,
    )
  })
})
