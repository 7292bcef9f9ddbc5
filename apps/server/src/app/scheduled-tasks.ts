import type { Db } from '../platform/db/database.ts'
import type { Env } from '../platform/env.ts'
import { sendDueBillReminders } from '../bills/bill-reminders.ts'
import type { Logger } from '../platform/logger.ts'
import { runRecurringEntries } from '../recurring/recurring-run.ts'
import { sendScheduledReports } from '../reports/scheduled-reports.ts'
import { prunePublicApi } from '../tenancy/prune-public-api.ts'

export type ScheduledTaskDeps = { db: Db; env: Env; log: Logger }

/**
 * A scheduled task as a function of "now" (ARCHITECTURE §3): the cron job and
 * `npm run cli -- run-task <name> --at <ISO>` call the same `run`, so a run on demand has the
 * schedule's idempotency (a second run for the same moment sends nothing twice). `run` returns
 * counts for the log and the CLI.
 */
export type ScheduledTask = {
  description: string
  run(deps: ScheduledTaskDeps, now: Date): Promise<Record<string, number>>
}

/** Every task `run-task` accepts. Later features add theirs here (and to the crontab). */
export const SCHEDULED_TASKS = {
  bill_reminders: {
    description: 'lembretes de contas que vencem hoje ou amanhã (09:00 em São Paulo)',
    run: ({ db, env }, now) => sendDueBillReminders(db, env, now),
  },
  recurring_entries: {
    description: 'lançamentos recorrentes do dia (salário, aluguel...), 06:00 em São Paulo',
    run: ({ db, env }, now) => runRecurringEntries(db, env, now),
  },
  weekly_reports: {
    description: 'relatório semanal da semana anterior, segunda a domingo (segundas 08:00)',
    run: ({ db, env }, now) => sendScheduledReports(db, env, 'weekly', now),
  },
  monthly_reports: {
    description: 'relatório mensal do mês anterior (dia 1º, 08:00 em São Paulo)',
    run: ({ db, env }, now) => sendScheduledReports(db, env, 'monthly', now),
  },
  prune_public_api: {
    description: 'apaga respostas de Idempotency-Key vencidas e eventos de webhook antigos',
    run: ({ db }, _now) => prunePublicApi(db),
  },
} satisfies Record<string, ScheduledTask>

export type ScheduledTaskName = keyof typeof SCHEDULED_TASKS

export function isScheduledTaskName(name: string): name is ScheduledTaskName {
  return Object.hasOwn(SCHEDULED_TASKS, name)
}
