import pg from 'pg'

/**
 * Every statement this process sends while `run` runs (the pg driver: one call per round
 * trip), for tests that a batch costs the same statements however many messages it holds.
 */
export async function statementsDuring(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = []
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as { text?: string } | string
    seen.push(typeof config === 'string' ? config : (config?.text ?? ''))
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof original
  try {
    await run()
  } finally {
    pg.Client.prototype.query = original
  }
  return seen
}
