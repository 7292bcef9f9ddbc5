import { BRAND, GREETING, layout, type MailContent } from '../platform/index.ts'

/** After DELETE /api/me. No name in the greeting: the account and its name are already gone. */
export function accountDeletedEmail({ link }: { link: string }): MailContent {
  const greeting = GREETING
  const paragraphs = [
    `Sua conta no ${BRAND} foi excluída, como você pediu. Apagamos seu perfil, seus lançamentos, contas e orçamentos, o vínculo com o WhatsApp e as mensagens guardadas.`,
    'Se você tinha uma assinatura paga, ela foi cancelada na mesma hora e não haverá novas cobranças.',
    'Se quiser voltar um dia, é só criar uma conta nova com este mesmo e-mail.',
  ]
  const footer = `Se não foi você quem pediu a exclusão, responda a este e-mail para falar com a equipe do ${BRAND}.`
  return {
    subject: `Sua conta foi excluída — ${BRAND}`,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: `Ir para o ${BRAND}`, link, footer }),
  }
}
