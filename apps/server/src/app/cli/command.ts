import type { Db, Env, Logger } from '../../platform/index.ts'

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
