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

/**
 * Registers the suite's hooks: `start` in a beforeAll, `stop` in an afterAll; returns a reader of
 * what `start` made that throws, saying so, when read before the beforeAll ran.
 */
function suiteValue<T>(what: string, start: () => Promise<T>, stop: (value: T) => Promise<void>) {
  let value: T | undefined
  beforeAll(async () => {
    value = await start()
  })
  afterAll(async () => {
    if (value !== undefined) await stop(value)
  })
  return (): T => {
    if (value === undefined) throw new Error(`${what} is read before its beforeAll ran`)
    return value
  }
}

/** A fresh, migrated and seeded database for this suite (createTestDatabase), closed after it. */
export function useTestDatabase(overrides: Overrides = {}): Database {
  const live = suiteValue(
    'useTestDatabase()',
    () => createTestDatabase(overrides),
    (database) => database.close(),
  )
  return {
    get pool() {
      return live().pool
    },
    get url() {
      return live().url
    },
    close: () => live().close(),
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
  const live = suiteValue(
    'useTestServer()',
    () =>
      startTestServer(typeof overrides === 'function' ? overrides() : overrides, webDist, options),
    (server) => server.stop(),
  )
  return {
    get url() {
      return live().url
    },
    get port() {
      return live().port
    },
    get deps() {
      return live().deps
    },
    get database() {
      return live().database
    },
    get dataDir() {
      return live().dataDir
    },
    api: (p, init) => live().api(p, init),
    close: () => live().close(),
    stop: () => live().stop(),
  }
}
