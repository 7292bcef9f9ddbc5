import type { CliCommand } from './command.ts'
import { grantAdmin, revokeAdmin, setPlanCommand } from './commands/accounts.ts'
import { chatCommand } from './commands/chat.ts'
import { migrateCommand } from './commands/migrate.ts'
import { runTaskCommand } from './commands/run-task.ts'
import { setPrice } from './commands/set-price.ts'
import { setAccountManagerCommand } from './commands/set-account-manager.ts'

/** Every CLI command by name. Later features register theirs here. */
export const COMMANDS: Record<string, CliCommand> = {
  migrate: migrateCommand,
  'set-price': setPrice,
  'grant-admin': grantAdmin,
  'revoke-admin': revokeAdmin,
  'set-plan': setPlanCommand,
  chat: chatCommand,
  'run-task': runTaskCommand,
  'set-account-manager': setAccountManagerCommand,
}

export function helpText(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(52)} ${c.description}`)
  return [
    'Uso: npm run cli -- <comando> [argumentos]',
    '',
    'Comandos:',
    `${'  help'.padEnd(54)} mostra esta ajuda`,
    ...lines,
  ].join('\n')
}
