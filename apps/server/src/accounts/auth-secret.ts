import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Env } from '../platform/index.ts'

/**
 * AUTH_SECRET signs session cookies and e-mail tokens. Production must set it (env.ts refuses to
 * start without it); elsewhere one is generated on first start and kept in DATA_DIR/auth-secret,
 * readable only by its owner, so sessions survive restarts without any setup.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET
  const file = path.join(env.DATA_DIR, 'auth-secret')
  try {
    const stored = readFileSync(file, 'utf8').trim()
    if (stored.length >= 32) return stored
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(env.DATA_DIR, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  // 'wx' fails if another process wrote it first: then that one's secret wins.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim()
    throw error
  }
  chmodSync(file, 0o600)
  return secret
}
