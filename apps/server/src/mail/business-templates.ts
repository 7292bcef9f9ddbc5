import { BRAND, firstName, layout, type MailContent } from './templates.ts'

/** The business plans' e-mails (issue 14), in pt-BR, in the product's layout. */

export function teamInvitationEmail({
  ownerName,
  planName,
  link,
}: {
  ownerName: string
  planName: string
  link: string
}): MailContent {
  const greeting = 'Olá!'
  const paragraphs = [
    `${ownerName} convidou você para a equipe no ${BRAND} (plano ${planName}).`,
    'Aceitando, seus lançamentos — pelo site, pelo seu WhatsApp vinculado ou pela API — vão para as finanças da equipe, com o seu nome em cada um.',
    'Entre ou crie sua conta com este mesmo email para aceitar. O convite vale por 7 dias e só pode ser usado uma vez.',
  ]
  const footer = `Se você não esperava este convite, ignore este email.`
  return {
    subject: `${ownerName} convidou você para a equipe — ${BRAND}`,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\nAbra o convite:\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: 'Ver convite', link, footer }),
  }
}

export function supportAnswerEmail({
  name,
  subject,
  answer,
  link,
}: {
  name: string
  subject: string
  answer: string
  link: string
}): MailContent {
  const greeting = `Olá, ${firstName(name)}!`.replace(', !', '!')
  const paragraphs = [`Respondemos sua solicitação de suporte "${subject}":`, answer]
  const footer = 'Para continuar a conversa, abra uma nova solicitação no painel.'
  return {
    subject: `Resposta do suporte: ${subject} — ${BRAND}`,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\nVeja no seu painel:\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: 'Abrir o painel', link, footer }),
  }
}
