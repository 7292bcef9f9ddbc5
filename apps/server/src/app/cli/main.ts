import { registerHooks } from '../hooks.ts'
import { openReadyDatabase } from '../bootstrap.ts'
import { EnvError, loadEnv, createLogger } from '../../platform/index.ts'
import { UsageError } from './command.ts'
import { COMMANDS, helpText } from './registry.ts'

/**
 * `npm run cli -- <command>`. With the embedded database it attaches to the one a running
 * server uses (never a second postgres on the same DATA_DIR), or starts it for the command.
 */
async function main(argv: string[]): Promise<number> {
  registerHooks()
  const [name, ...args] = argv
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${helpText()}\n`)
    return 0
  }
  const command = COMMANDS[name]
  if (!command) {
    process.stderr.write(`Comando desconhecido: ${name}\n\n${helpText()}\n`)
    return 2
  }
  const env = loadEnv()
  const log = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL)
  const database = await openReadyDatabase(env, 'cli', log)
  try {
    await command.run(
      { db: database.pool, env, log, print: (line) => process.stdout.write(`${line}\n`) },
      args,
    )
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\nUso: npm run cli -- ${command.usage}\n`)
      return 2
    }
    throw error
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof EnvError ? error.message : (error as Error).stack}\n`)
    process.exit(1)
  },
)
