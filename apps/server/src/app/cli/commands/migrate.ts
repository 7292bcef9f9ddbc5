import type { CliCommand } from '../command.ts'

export const migrateCommand: CliCommand = {
  usage: 'migrate',
  description: 'aplica as migrações pendentes (também aplicadas ao iniciar o servidor)',
  // Opening the CLI's database already migrates; this command only reports it.
  async run({ db, print }) {
    const { rows } = await db.query<{ name: string }>(
      'select name from schema_migrations order by name',
    )
    print(
      `banco atualizado: ${rows.length} migrações aplicadas (última: ${rows.at(-1)?.name ?? '—'})`,
    )
  },
}
