import { createHmac } from 'node:crypto'
import { resolveAuthSecret } from '../../accounts/index.ts'
import type { Env } from '../../platform/index.ts'
import type { Aggregator } from './aggregator.ts'
import { FakePluggy } from './fake-pluggy/fake-pluggy.ts'
import { PLUGGY_API, pluggyAggregator } from './pluggy-client.ts'

/*
 * Which aggregator this process talks to (ARCHITECTURE §11):
 * - PLUGGY_CLIENT_ID/SECRET set: Pluggy itself, or PLUGGY_BASE_URL when set (tests: a fake);
 * - neither: the demo mode, a fake of Pluggy's API started in this process with its sandbox bank.
 * Credentials through us ({connector_id, credentials}) only when PLUGGY_BASE_URL is set or in
 * the demo (PLUGGY_WIDGET=on turns that off); in production the aggregator's widget takes the
 * bank password, with a connect token we ask for (POST /connections/connect-token).
 *
 * The demo's fake is a local HTTP server in the process that started it. A worker process
 * (`WORKER=process`, the production default, or `npm run worker`) must reach the same one: in
 * demo mode PLUGGY_BASE_URL names it, and `npm start` hands the worker process the URL of its own
 * (`demoAggregatorEnv`); with PLUGGY_BASE_URL set the demo starts no fake of its own.
 */

const clients = new Map<string, Aggregator>()
let demo: Promise<FakePluggy> | null = null

export function isDemoMode(env: Env): boolean {
  return !env.PLUGGY_CLIENT_ID || !env.PLUGGY_CLIENT_SECRET
}

export async function aggregatorFor(env: Env): Promise<Aggregator> {
  const id = env.PLUGGY_CLIENT_ID
  const secret = env.PLUGGY_CLIENT_SECRET
  if (id && secret) {
    const baseUrl = env.PLUGGY_BASE_URL ?? PLUGGY_API
    const key = `${baseUrl}|${id}|${env.PLUGGY_WIDGET ?? ''}`
    let client = clients.get(key)
    if (!client) {
      client = pluggyAggregator({
        clientId: id,
        clientSecret: secret,
        baseUrl,
        acceptsCredentials: Boolean(env.PLUGGY_BASE_URL) && env.PLUGGY_WIDGET !== 'on',
      })
      clients.set(key, client)
    }
    return client
  }
  // Demo mode with a fake run by another process (the server that forked this worker).
  if (env.PLUGGY_BASE_URL) return demoClient(env.PLUGGY_BASE_URL)
  return demoClient((await demoFake()).url)
}

function demoFake(): Promise<FakePluggy> {
  demo ??= (async () => {
    const fake = new FakePluggy({ settleMs: 300 })
    await fake.start()
    return fake
  })()
  return demo
}

function demoClient(baseUrl: string): Aggregator {
  const key = `demo|${baseUrl}`
  let client = clients.get(key)
  if (!client) {
    client = pluggyAggregator({
      clientId: 'demo',
      clientSecret: 'demo',
      baseUrl,
      acceptsCredentials: true,
    })
    clients.set(key, client)
  }
  return client
}

/**
 * What a worker process started by this one needs to see this process's demo fake: in demo mode
 * without PLUGGY_BASE_URL, the fake is started here (once) and its URL handed on; else nothing.
 */
export async function demoAggregatorEnv(env: Env): Promise<Record<string, string>> {
  if (!isDemoMode(env) || env.PLUGGY_BASE_URL) return {}
  return { PLUGGY_BASE_URL: (await demoFake()).url }
}

/** Stops the demo's fake (process shutdown). */
export async function stopDemoAggregator() {
  const running = demo
  demo = null
  if (running) await (await running).stop()
}

/** The secret our webhook URL carries: PLUGGY_WEBHOOK_SECRET, else derived from AUTH_SECRET. */
export function webhookSecret(env: Env): string {
  return (
    env.PLUGGY_WEBHOOK_SECRET ??
    createHmac('sha256', resolveAuthSecret(env)).update('pluggy-webhook/v1').digest('base64url')
  )
}

export function webhookUrl(env: Env): string {
  return `${env.PUBLIC_URL}/api/webhooks/pluggy?secret=${encodeURIComponent(webhookSecret(env))}`
}
