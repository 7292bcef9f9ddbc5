import { accountManagerSchema } from '@equilibrai/shared'
import { setAccountManager } from '../../../support/index.ts'
import { type CliCommand, UsageError } from '../command.ts'

/** set-account-manager: names the account manager an Empresas 15 customer sees. */
export const setAccountManagerCommand: CliCommand = {
  usage: 'set-account-manager <email-cliente> <nome> <email> <whatsapp>',
  description: 'define o gerente de conta (nome, e-mail, WhatsApp) de um cliente Empresas 15',
  async run({ db, print }, [customerEmail, name, email, whatsapp]) {
    const parsed = accountManagerSchema.safeParse({
      customer_email: customerEmail,
      name,
      email,
      whatsapp,
    })
    if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'dados inválidos')
    try {
      const customer = await setAccountManager(db, {
        customerEmail: parsed.data.customer_email,
        name: parsed.data.name,
        email: parsed.data.email,
        whatsapp: parsed.data.whatsapp,
        adminId: null,
      })
      print(`${parsed.data.name} agora é o gerente de conta de ${customerEmail}`)
      if (customer.planType !== 'empresas_15')
        print(
          `atenção: o plano atual da conta é ${customer.planType}; o gerente aparece no plano Empresas 15`,
        )
    } catch (error) {
      if (error instanceof Error && error.message === 'Nenhuma conta com esse e-mail.')
        throw new UsageError(`nenhuma conta com o e-mail ${customerEmail}`)
      throw error
    }
  },
}
