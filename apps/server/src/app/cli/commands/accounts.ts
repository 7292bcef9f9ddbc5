import { planTypeSchema } from '@equilibrai/shared'
import type { Db } from '../../../platform/index.ts'
import { setPlan } from '../../../billing/index.ts'
import { findUserByEmail, type Role, setUserRole } from '../../../accounts/index.ts'
import { type CliCommand, UsageError } from '../command.ts'

async function userIdFor(db: Db, email: string | undefined): Promise<string> {
  if (!email) throw new UsageError('informe o e-mail da conta')
  const user = await findUserByEmail(db, email)
  if (!user) throw new UsageError(`nenhuma conta com o e-mail ${email}`)
  return user.id
}

/** grant-admin / revoke-admin: the role checked by has-role and the admin routes. */
export async function setAdmin(db: Db, email: string | undefined, admin: boolean): Promise<Role> {
  const role = await setUserRole(db, {
    userId: await userIdFor(db, email),
    role: admin ? 'admin' : 'user',
  })
  if (!role) throw new UsageError(`nenhuma conta com o e-mail ${email}`)
  return role
}

export async function setPlanByEmail(
  db: Db,
  email: string | undefined,
  planType: string | undefined,
): Promise<string> {
  const plan = planTypeSchema.safeParse(planType)
  if (!plan.success) {
    throw new UsageError(
      `plano desconhecido: ${planType ?? '(vazio)'} (use ${planTypeSchema.options.join(', ')})`,
    )
  }
  const userId = await userIdFor(db, email)
  if (!(await setPlan(db, { userId, planType: plan.data }))) {
    throw new UsageError(`a conta ${email} não tem assinatura`)
  }
  return plan.data
}

export const grantAdmin: CliCommand = {
  usage: 'grant-admin <email>',
  description: 'dá à conta o papel de administrador (acesso ao /admin)',
  async run({ db, print }, [email]) {
    await setAdmin(db, email, true)
    print(`${email} agora é administrador`)
  },
}

export const revokeAdmin: CliCommand = {
  usage: 'revoke-admin <email>',
  description: 'tira da conta o papel de administrador',
  async run({ db, print }, [email]) {
    await setAdmin(db, email, false)
    print(`${email} não é mais administrador`)
  },
}

export const setPlanCommand: CliCommand = {
  usage: 'set-plan <email> <plan_type>',
  description: 'muda o plano de uma conta (suporte e testes; não passa pelo Stripe)',
  async run({ db, print }, [email, planType]) {
    const plan = await setPlanByEmail(db, email, planType)
    print(`${email} agora está no plano ${plan}`)
  },
}
