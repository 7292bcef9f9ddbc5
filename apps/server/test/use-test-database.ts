import { afterAll, beforeAll } from 'vitest'
import type { Database } from '../src/platform/db/database.ts'
import { createTestDatabase, startTestServer, type TestServer } from './test-server.ts'

/*
 * Why this file: about thirty test files opened with the same lines — a `let`, a beforeAll that
 * creates the database (or starts the server), an afterAll that closes it. One call here
 * registers both hooks on the calling file or describe block and returns a handle that reads the
 * live database (or server) each time a property is read: the handle exists at collection time,
 * its properties work from the suite's first hook on (vitest runs this beforeAll before any hook
 * registered after the call, and its afterAll after them).
 */

type Overrides = Record<string, string>

/** The value the suite's beforeAll made, or an error that says it is read too early. */
function liveValue<T>(what: string) {
  let value: T | undefined
  return {
    set: (next: T) => {
      value = next
    },
    peek: () => value,
    get: (): T => {
      if (value === undefined) throw new Error(`${what} is read before its beforeAll ran`)
      return value
    },
  }
}

/** A fresh, migrated and seeded database for this suite (createTestDatabase), closed after it. */
export function useTestDatabase(overrides: Overrides = {}): Database {
  const live = liveValue<Database>('useTestDatabase()')
  beforeAll(async () => {
    live.set(await createTestDatabase(overrides))
  })
  afterAll(() => live.peek()?.close())
  return {
    get pool() {
      return live.get().pool
    },
    get url() {
      return live.get().url
    },
    close: () => live.get().close(),
  }
}

/**
 * The real server for this suite (startTestServer), stopped after it. `overrides` may be a
 * function, read in the beforeAll, when it names something an earlier hook started (a fake).
 */
export function useTestServer(
  overrides: Overrides | (() => Overrides) = {},
  webDist?: string,
  options?: Parameters<typeof startTestServer>[2],
): TestServer {
  const live = liveValue<TestServer>('useTestServer()')
  beforeAll(async () => {
    const env = typeof overrides === 'function' ? overrides() : overrides
    live.set(await startTestServer(env, webDist, options))
  })
  afterAll(() => live.peek()?.stop())
  return {
    get url() {
      return live.get().url
    },
    get port() {
      return live.get().port
    },
    get deps() {
      return live.get().deps
    },
    get database() {
      return live.get().database
    },
    get dataDir() {
      return live.get().dataDir
    },
    api: (p, init) => live.get().api(p, init),
    close: () => live.get().close(),
    stop: () => live.get().stop(),
  }
}
