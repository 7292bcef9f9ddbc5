import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { insertUser } from '../../../../test/ledger-fixtures.ts'
import { testEnv } from '../../../../test/test-server.ts'
import { createLogger } from '../../../platform/logger.ts'
import { UsageError } from '../command.ts'
import { runChat } from './chat.ts'
import { useTestDatabase } from '../../../../test/use-test-database.ts'

const database = useTestDatabase()

async function emailOf(userId: string): Promise<string> {
  const { rows } = await database.pool.query<{ email: string }>(
    'select email from profiles where id = $1',
    [userId],
  )
  return rows[0]?.email ?? ''
}

describe('cli chat', () => {
  it('answers each piped line through the assistant service', async () => {
    const userId = await insertUser(database.pool, 'free')
    const output = new PassThrough()
    let text = ''
    output.on('data', (chunk) => {
      text += chunk
    })
    const handled = await runChat({
      db: database.pool,
      env: testEnv({ PUBLIC_URL: 'https://equilibrai.test' }),
      log: createLogger('silent'),
      email: (await emailOf(userId)).toUpperCase(),
      input: Readable.from(['gastei 45,90 no mercado\n', '\n', 'saldo\n', 'desfazer\n']),
      output,
      interactive: false,
    })
    expect(handled).toBe(3)
    expect(text).toMatch(/R\$ 45,90\* anotado/)
    expect(text).toMatch(/Saldos/)
    expect(text).toMatch(/Desfeito/)
  })

  it('refuses an unknown e-mail', async () => {
    await expect(
      runChat({
        db: database.pool,
        env: testEnv(),
        log: createLogger('silent'),
        email: 'ninguem@x.com',
        input: Readable.from([]),
        output: new PassThrough(),
        interactive: false,
      }),
    ).rejects.toBeInstanceOf(UsageError)
  })

  it('runs as `npm run cli -- chat <email>` from a pipe', async () => {
    const userId = await insertUser(database.pool, 'free')
    const root = path.resolve(import.meta.dirname, '../../../../../..')
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/app/cli/main.ts', 'chat', await emailOf(userId)],
      {
        cwd: root,
        input: 'uber 23,50\núltimos\n',
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
        timeout: 60_000,
      },
    )
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/R\$ 23,50/)
    expect(run.stdout).toMatch(/1\. .*uber/)
  })
})
