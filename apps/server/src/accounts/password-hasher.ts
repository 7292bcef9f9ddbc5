import { hashPassword, verifyPassword } from 'better-auth/crypto'

/**
 * Better Auth's own scrypt (N=16384, r=16, p=1, 64-byte key: 32 MiB and ~50–100 ms of one core
 * per call, on libuv's thread pool), wrapped only to count calls. The counts let a test prove
 * that a sign-in with an unknown e-mail costs the same hashing as one with a known e-mail,
 * without timing anything.
 */
export type PasswordHasher = {
  hash(password: string): Promise<string>
  verify(data: { hash: string; password: string }): Promise<boolean>
  readonly calls: { hash: number; verify: number }
}

export function createPasswordHasher(): PasswordHasher {
  const calls = { hash: 0, verify: 0 }
  return {
    calls,
    hash(password) {
      calls.hash++
      return hashPassword(password)
    },
    verify(data) {
      calls.verify++
      return verifyPassword(data)
    },
  }
}
