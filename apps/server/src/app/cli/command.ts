import type { Db } from '../../platform/db/database.ts'
import type { Env } from '../../platform/env.ts'
import type { Logger } from '../../platform/logger.ts'

export type CliContext = {
  db: Db
  env: Env
  log: Logger
  print(line: string): void
}

export type CliCommand = {
  usage: string
  description: string
  run(ctx: CliContext, args: string[]): Promise<void>
}

/** A wrong use of a command: printed with its usage, exit code 2. */
export class UsageError extends Error {}
