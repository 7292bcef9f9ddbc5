import { createHmac } from 'node:crypto'
import { type Db, type Queryable, RateLimitedError } from '../platform/index.ts'

/**
 * Wrong passwords, counted where they happen (ADR 010, with the arithmetic):
 * - per account AND client address: `freeFailures` wrong passwords cost nothing, then each new
 *   one locks that address out of that account for a delay that doubles, from `baseDelaySeconds`
 *   up to `maxDelaySeconds`; a right password from that address clears its count;
 * - per account from every address that never signed in to it: at most `accountWide.max`
 *   failures per window, then those unknown addresses wait for the window to end. Addresses that
 *   signed in before with the right password are never held by this ceiling.
 * Only failures count (an attempt refused while locked is not a failure, and a right password is
 * not either), so the owner is never locked out by someone else's guesses from elsewhere.
 *
 * The fair rule for a distributed guess (issue 25): the account-wide ceiling can hold the owner
 * at an address they never signed in from, for at most the window (an hour). A completed
 * password reset — the owner proving the e-mail — clears every count of the account at once
 * (clearAfterReset), so the owner signs in with the new password from anywhere right away; the
 * guesses were against a password that no longer works. Guessing then starts from zero.
 */
export const PASSWORD_FAILURE_POLICY = {
  freeFailures: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  /** A count with no failure for this long starts again from zero. */
  forgetAfterSeconds: 24 * 60 * 60,
  accountWide: { max: 50, windowSeconds: 60 * 60 },
  /** How long a successful sign-in keeps an address "known" for the account. */
  knownAddressSeconds: 90 * 24 * 60 * 60,
}
export type PasswordFailurePolicy = typeof PASSWORD_FAILURE_POLICY

const ANY_ADDRESS = '*'

/** Seconds an address waits after its n-th failure in a row (0 while n ≤ freeFailures). */
export function lockSeconds(failures: number, policy = PASSWORD_FAILURE_POLICY): number {
  if (failures <= policy.freeFailures) return 0
  const doubling = failures - policy.freeFailures - 1
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** Math.min(doubling, 30))
}

export type PasswordFailures = {
  /** 429 with Retry-After when this address may not try this account's password now. */
  assertMayTry(account: string, ip: string): Promise<void>
  recordFailure(account: string, ip: string): Promise<void>
  recordSuccess(account: string, ip: string): Promise<void>
  /**
   * After a completed password reset: every failure count of the account goes (the per-address
   * delays and the account-wide ceiling). Known addresses stay known.
   */
  clearAfterReset(account: string): Promise<void>
  /** The account's rows go with the account (LGPD deletion). */
  forgetAccount(db: Queryable, account: string): Promise<void>
}

export function createPasswordFailures(
  db: Db,
  secret: string,
  policy: PasswordFailurePolicy = PASSWORD_FAILURE_POLICY,
): PasswordFailures {
  const hmac = (text: string) =>
    createHmac('sha256', secret).update(text).digest('base64url').slice(0, 32)
  const accountKey = (account: string) => hmac(`pwfail-account\0${account.trim().toLowerCase()}`)
  const addressKey = (account: string, ip: string) =>
    hmac(`pwfail-address\0${account.trim().toLowerCase()}\0${ip}`)

  async function isKnown(a: string, b: string): Promise<boolean> {
    const { rows } = await db.query(
      `select 1 from password_known_addresses
        where account_key = $1 and address_key = $2
          and last_success_at > now() - make_interval(secs => $3)`,
      [a, b, policy.knownAddressSeconds],
    )
    return rows.length > 0
  }

  return {
    async assertMayTry(account, ip) {
      const a = accountKey(account)
      const b = addressKey(account, ip)
      const { rows } = await db.query<{ address_key: string; wait: number | null }>(
        `select address_key,
                case when address_key = '*'
                       then case when failures >= $3
                                  and window_started_at > now() - make_interval(secs => $4)
                                 then extract(epoch from window_started_at
                                        + make_interval(secs => $4) - now())::float8 end
                     else extract(epoch from locked_until - now())::float8 end as wait
           from password_failures
          where account_key = $1 and address_key in ($2, '*')`,
        [a, b, policy.accountWide.max, policy.accountWide.windowSeconds],
      )
      const own = rows.find((r) => r.address_key === b)?.wait ?? 0
      if (own > 0) throw new RateLimitedError(own)
      const wide = rows.find((r) => r.address_key === ANY_ADDRESS)?.wait ?? 0
      if (wide > 0 && !(await isKnown(a, b))) throw new RateLimitedError(wide)
    },

    async recordFailure(account, ip) {
      const a = accountKey(account)
      const b = addressKey(account, ip)
      const { rows } = await db.query<{ failures: number }>(
        `insert into password_failures as f
           (account_key, address_key, failures, window_started_at, last_failure_at)
         values ($1, $2, 1, now(), now())
         on conflict (account_key, address_key) do update set
           failures = case when f.last_failure_at < now() - make_interval(secs => $3)
                           then 1 else f.failures + 1 end,
           window_started_at = case when f.last_failure_at < now() - make_interval(secs => $3)
                                    then now() else f.window_started_at end,
           last_failure_at = now()
         returning failures`,
        [a, b, policy.forgetAfterSeconds],
      )
      const failures = rows[0]?.failures ?? 1
      const wait = lockSeconds(failures, policy)
      if (wait > 0) {
        await db.query(
          `update password_failures set locked_until = now() + make_interval(secs => $3)
            where account_key = $1 and address_key = $2`,
          [a, b, wait],
        )
      }
      if (await isKnown(a, b)) return
      await db.query(
        `insert into password_failures as f
           (account_key, address_key, failures, window_started_at, last_failure_at)
         values ($1, '*', 1, now(), now())
         on conflict (account_key, address_key) do update set
           failures = case when f.window_started_at <= now() - make_interval(secs => $2)
                           then 1 else f.failures + 1 end,
           window_started_at = case when f.window_started_at <= now() - make_interval(secs => $2)
                                    then now() else f.window_started_at end,
           last_failure_at = now()`,
        [a, policy.accountWide.windowSeconds],
      )
    },

    async recordSuccess(account, ip) {
      const a = accountKey(account)
      const b = addressKey(account, ip)
      await db.query('delete from password_failures where account_key = $1 and address_key = $2', [
        a,
        b,
      ])
      await db.query(
        `insert into password_known_addresses (account_key, address_key, last_success_at)
         values ($1, $2, now())
         on conflict (account_key, address_key) do update set last_success_at = now()`,
        [a, b],
      )
    },

    async clearAfterReset(account) {
      await db.query('delete from password_failures where account_key = $1', [accountKey(account)])
    },

    async forgetAccount(tx, account) {
      const a = accountKey(account)
      await tx.query('delete from password_failures where account_key = $1', [a])
      await tx.query('delete from password_known_addresses where account_key = $1', [a])
    },
  }
}

/** Housekeeping (prune_auth_data): counts nobody added to for a day, addresses unused for 90. */
export async function prunePasswordFailures(
  db: Db,
  policy: PasswordFailurePolicy = PASSWORD_FAILURE_POLICY,
): Promise<number> {
  const failures = await db.query(
    `delete from password_failures
      where last_failure_at < now() - make_interval(secs => $1)
        and (locked_until is null or locked_until < now())`,
    [Math.max(policy.forgetAfterSeconds, policy.accountWide.windowSeconds)],
  )
  const known = await db.query(
    'delete from password_known_addresses where last_success_at < now() - make_interval(secs => $1)',
    [policy.knownAddressSeconds],
  )
  return (failures.rowCount ?? 0) + (known.rowCount ?? 0)
}
