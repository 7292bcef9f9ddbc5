import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import pg from 'pg'
import type { Db, Logger } from '../platform/index.ts'
import { listPlans } from './plans.queries.ts'

export type CachedPlans = { json: string; gzip: Buffer; etag: string }

/**
 * The public plan list is read on every landing visit and changes rarely, so each instance
 * keeps the serialized answer. A trigger NOTIFYs `plan_features_changed` on any change (CLI,
 * seed, webhook, manual SQL) and every instance drops its copy; a short TTL covers a missed
 * notification while the listener reconnects. No user state lives here.
 */
export class PlansCache {
  private cached: Promise<CachedPlans> | null = null
  private loadedAt = 0
  private listener: pg.Client | null = null
  private closed = false

  constructor(
    private readonly db: Db,
    private readonly url: string,
    private readonly log: Logger,
    private readonly ttlMs = 60_000,
  ) {}

  async start(): Promise<void> {
    await this.listen()
  }

  get(): Promise<CachedPlans> {
    if (!this.cached || Date.now() - this.loadedAt > this.ttlMs) {
      this.loadedAt = Date.now()
      const loading = this.load()
      this.cached = loading
      loading.catch(() => {
        if (this.cached === loading) this.cached = null
      })
    }
    return this.cached
  }

  invalidate(): void {
    this.cached = null
  }

  async stop(): Promise<void> {
    this.closed = true
    await this.listener?.end().catch(() => {})
  }

  private async load(): Promise<CachedPlans> {
    const json = JSON.stringify(await listPlans(this.db))
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`
    return { json, gzip: gzipSync(json), etag }
  }

  private async listen(): Promise<void> {
    if (this.closed) return
    const client = new pg.Client({ connectionString: this.url })
    client.on('notification', () => this.invalidate())
    client.on('error', (error) => {
      this.log.warn({ err: error.message }, 'plans listener lost its connection; reconnecting')
      this.invalidate()
      this.listener = null
      setTimeout(() => this.listen().catch(() => {}), 1_000).unref()
    })
    await client.connect()
    await client.query('listen plan_features_changed')
    this.listener = client
  }
}
