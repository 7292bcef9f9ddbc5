import { scheduledJob, scheduledJobs } from '../../task-registry.ts'
import { type CliCommand, UsageError } from '../command.ts'

/** `--at 2026-12-09T12:00:00Z` (any ISO date-time Date can read; an offset is advised). */
export function parseAt(args: string[]): Date {
  const i = args.indexOf('--at')
  if (i === -1) return new Date()
  const raw = args[i + 1]
  const at = raw === undefined ? Number.NaN : Date.parse(raw)
  if (!raw || !/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(at))
    throw new UsageError(
      `data inválida em --at: ${raw ?? '(vazio)'} (use 2026-12-09T09:00:00-03:00)`,
    )
  return new Date(at)
}

const taskNames = () =>
  scheduledJobs()
    .map((row) => row.task)
    .join(', ')

/**
 * Runs one scheduled job of the table now, as if the clock read `--at` (ARCHITECTURE §3):
 * operators catch up after downtime, tests drive reminders and reports without waiting.
 */
export const runTaskCommand: CliCommand = {
  usage: 'run-task <task> [--at <ISO date-time>]',
  description: `roda uma tarefa agendada agora (${taskNames()})`,
  async run({ db, env, log, print }, [name, ...rest]) {
    const row = name ? scheduledJob(name) : undefined
    if (!name || !row)
      throw new UsageError(`tarefa desconhecida: ${name ?? '(vazio)'}. Tarefas: ${taskNames()}`)
    const at = parseAt(rest)
    const result = await row.run({ db, env, log }, at)
    const counts = Object.entries(result)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ')
    print(`${name} em ${at.toISOString()}: ${counts || 'nada a fazer'}`)
  },
}
