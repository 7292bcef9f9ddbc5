import { describe, expect, it } from 'vitest'
import { signedInUser } from '../../../../test/auth-client.ts'
import { UsageError } from '../command.ts'
import { COMMANDS, helpText } from '../registry.ts'
import { useTestServer } from '../../../../test/use-test-database.ts'

const server = useTestServer({ TRUST_PROXY: 'x-forwarded-for' })

async function run(name: string, args: string[]) {
  const lines: string[] = []
  const command = COMMANDS[name]
  if (!command) throw new Error(`no command ${name}`)
  await command.run(
    {
      db: server.database.pool,
      env: server.deps.env,
      log: server.deps.log,
      print: (l) => lines.push(l),
    },
    args,
  )
  return lines
}

const roleOf = async (email: string) =>
  (await server.database.pool.query('select role from "user" where email = $1', [email])).rows[0]
    ?.role

describe('account commands', () => {
  it('are registered and listed in the help', () => {
    for (const name of ['grant-admin', 'revoke-admin', 'set-plan']) {
      expect(COMMANDS[name]).toBeDefined()
      expect(helpText()).toContain(name)
    }
  })

  it('grant-admin and revoke-admin set the role, whatever the e-mail case', async () => {
    const { email } = await signedInUser(server)
    expect(await run('grant-admin', [email.toUpperCase()])).toEqual([
      `${email.toUpperCase()} agora é administrador`,
    ])
    expect(await roleOf(email)).toBe('admin')
    await run('revoke-admin', [email])
    expect(await roleOf(email)).toBe('user')
  })

  it('set-plan moves the subscription to a plan', async () => {
    const { email, userId } = await signedInUser(server)
    expect(await run('set-plan', [email, 'pf_simples'])).toEqual([
      `${email} agora está no plano pf_simples`,
    ])
    const { rows } = await server.database.pool.query(
      'select plan_type, subscription_status from subscribers where user_id = $1',
      [userId],
    )
    expect(rows).toEqual([{ plan_type: 'pf_simples', subscription_status: 'active' }])
  })

  it('explain a wrong use', async () => {
    await expect(run('grant-admin', [])).rejects.toThrow(UsageError)
    await expect(run('grant-admin', ['ninguem@exemplo.com.br'])).rejects.toThrow(
      'nenhuma conta com o e-mail ninguem@exemplo.com.br',
    )
    const { email } = await signedInUser(server)
    await expect(run('set-plan', [email, 'pro'])).rejects.toThrow('plano desconhecido: pro')
  })
})
