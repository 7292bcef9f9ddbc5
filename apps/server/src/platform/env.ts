import path from 'node:path'
import { z } from 'zod'

/**
 * The one place that reads process.env (STYLE.md 6). Every variable is validated at boot and
 * every bad one is listed at once, so a misconfigured deploy fails fast and says why.
 */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))

/** A whole number of slots in [min, max], `fallback` when unset ('2.5', '-1', 'dois' refused). */
function laneSize(min: number, max: number, fallback: number) {
  return optional
    .pipe(
      z
        .string()
        .regex(/^\d+$/, `precisa ser um número inteiro entre ${min} e ${max}`)
        .transform(Number)
        .pipe(z.number().min(min, `no mínimo ${min}`).max(max, `no máximo ${max}`))
        .optional(),
    )
    .transform((v) => v ?? fallback)
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32).optional()),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Equilibraí <nao-responda@equilibrai.com.br>'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GITHUB_CLIENT_ID: optional,
  GITHUB_CLIENT_SECRET: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional.pipe(z.url().optional()),
  STRIPE_PRICE_PF_SIMPLES: optional,
  STRIPE_PRICE_EMPRESAS_2: optional,
  STRIPE_PRICE_EMPRESAS_15: optional,
  WHATSAPP_ACCESS_TOKEN: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_BUSINESS_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\d{10,15}$/)
      .optional(),
  ),
  WHATSAPP_API_BASE: z.url().default('https://graph.facebook.com/v24.0'),
  TRUST_PROXY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Where `npm start` runs the job runner: 'process' (a worker process of its own, started and
   * restarted by the server; the default in production, so webhook acknowledgements never share
   * an event loop with processing), 'on' (inside the server process; the default elsewhere) or
   * 'off' (not here: `npm run worker` runs apart).
   */
  WORKER: z.enum(['on', 'off', 'process']).optional(),
  /**
   * The job runner's slots (jobs at once) besides the webhook lane's. Set from the WhatsApp
   * benchmark (ADR 024): the message path waits on PostgreSQL more than it computes, so more
   * slots than cores pay off until the database's CPU is the limit.
   */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * Steps of niceness (0–19, added to the one it started with, at most 19) for the job runner's
   * process — every thread of `npm run worker` and of the worker `npm start` forks — so webhook
   * acknowledgements and page requests get the CPU first when both want it (ADR 038). 0 leaves
   * it at the server's priority.
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * Steps of niceness (0–19) for the job runner's PostgreSQL backends, from the database's own,
   * where it runs on this host as the same user (the embedded one); skipped elsewhere, with one
   * log line (ADR 038). Moderate: a niced backend can hold PostgreSQL's NOTIFY lock that an
   * acknowledgement's commit waits on.
   */
  WORKER_DB_NICE: z.coerce.number().int().min(0).max(19).default(5),
  /**
   * A job runner not heard from for this long is taken for dead and the jobs it held are run
   * again (platform/jobs/lock-recovery.ts): a job a killed worker held is taken again within
   * this plus a quarter of it (75 s by default).
   */
  /**
   * The longest one database statement may run (server-side statement_timeout, and the same
   * plus 2 s on the client, which also covers a database that stopped answering at all). A
   * request that hits it answers 503 UNAVAILABLE with Retry-After; a job is retried.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  WORKER_STALE_AFTER_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /**
   * Which outgoing webhook URLs are accepted: 'public-https' (https to public addresses only;
   * always in production) or 'any' (also http and local addresses; the default elsewhere).
   */
  WEBHOOK_URLS: z.enum(['public-https', 'any']).optional(),
  /**
   * Outgoing webhook deliveries run in their own lane: a job runner of their own with this many
   * slots, one delivery at a time per endpoint (app/job-runner.ts), so a slow endpoint never
   * holds the slots of WhatsApp, e-mail or reminders.
   */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /*
   * The bounded lanes of heavy HTTP work, per server process (platform/lanes.ts): how many run
   * at once, and how many more wait for a turn; the next is refused with 503 BUSY and
   * Retry-After. PDF statements render in as many worker threads as PDF_CONCURRENCY. Each running
   * LGPD export holds one of the 10 database connections, hence at most 8.
   */
  PDF_CONCURRENCY: laneSize(1, 32, 2),
  PDF_QUEUE: laneSize(0, 1000, 8),
  EXPORT_CONCURRENCY: laneSize(1, 8, 2),
  EXPORT_QUEUE: laneSize(0, 1000, 2),
  CSV_CONCURRENCY: laneSize(1, 64, 4),
  CSV_QUEUE: laneSize(0, 1000, 8),
  IMPORT_CONCURRENCY: laneSize(1, 32, 2),
  IMPORT_QUEUE: laneSize(0, 1000, 4),
  /*
   * Every /api request but the webhooks and /api/health (platform/http/api-lane.ts, ADR 037):
   * at most API_CONCURRENCY at once, API_QUEUE more wait, the next gets 503 BUSY with
   * Retry-After: 1. Below the server's 10 database connections, so the webhooks' acknowledgements
   * never wait for one behind the pages' requests.
   */
  API_CONCURRENCY: laneSize(1, 1000, 6),
  API_QUEUE: laneSize(0, 100_000, 1000),
  /**
   * Open Finance (ARCHITECTURE §11): the aggregator's credentials. Without them the demo mode
   * runs a local fake of Pluggy's API with a sandbox bank; PLUGGY_BASE_URL points the client
   * elsewhere (tests: a fake started by the test). The webhook secret goes in the URL we
   * register; unset, one is derived from AUTH_SECRET. With PLUGGY_BASE_URL the bank's user and
   * password may come through us (sandbox tests) unless PLUGGY_WIDGET=on: then, as in production,
   * only the aggregator's widget takes them.
   */
  PLUGGY_CLIENT_ID: optional,
  PLUGGY_CLIENT_SECRET: optional,
  PLUGGY_BASE_URL: optional.pipe(z.url().optional()),
  PLUGGY_WEBHOOK_SECRET: optional.pipe(z.string().min(16).optional()),
  PLUGGY_WIDGET: z.enum(['on', 'off']).optional(),
})

/** Rules between variables, checked on the raw values so they are listed with all the others. */
function crossChecks(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(source[name])
  const problems: string[] = []
  if (source.NODE_ENV === 'production' && !set('AUTH_SECRET')) {
    problems.push('  - AUTH_SECRET: obrigatório em produção')
  }
  // In production every e-mail must really go out: the file fallback would keep confirmation
  // and reset links on the server's disk, and nobody would receive them.
  if (source.NODE_ENV === 'production' && !set('SMTP_URL')) {
    problems.push('  - SMTP_URL: obrigatório em produção')
  }
  if (set('STRIPE_SECRET_KEY') && !set('STRIPE_WEBHOOK_SECRET')) {
    problems.push('  - STRIPE_WEBHOOK_SECRET: obrigatório quando STRIPE_SECRET_KEY está definido')
  }
  if (source.NODE_ENV === 'production' && source.WEBHOOK_URLS === 'any') {
    problems.push('  - WEBHOOK_URLS: "any" não é permitido em produção')
  }
  // With a token the server talks to Meta: it must also know its number and accept webhooks.
  if (set('WHATSAPP_ACCESS_TOKEN')) {
    for (const name of [
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ]) {
      if (!set(name))
        problems.push(`  - ${name}: obrigatório quando WHATSAPP_ACCESS_TOKEN está definido`)
    }
  }
  if (set('PLUGGY_CLIENT_ID') !== set('PLUGGY_CLIENT_SECRET')) {
    problems.push('  - PLUGGY_CLIENT_ID e PLUGGY_CLIENT_SECRET: defina os dois, ou nenhum')
  }
  return problems
}

export type Env = z.infer<typeof envSchema> & {
  PUBLIC_URL: string
  DATA_DIR: string
  WORKER: 'on' | 'off' | 'process'
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  const lines = [
    ...(result.error?.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`) ?? []),
    ...crossChecks(source),
  ]
  if (!result.success || lines.length) {
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`)
  }
  const env = result.data
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    WORKER: env.WORKER ?? (env.NODE_ENV === 'production' ? 'process' : 'on'),
  }
}

/** The process environment, parsed once. Tests build their own Env with parseEnv. */
export function loadEnv(): Env {
  return parseEnv(process.env)
}
