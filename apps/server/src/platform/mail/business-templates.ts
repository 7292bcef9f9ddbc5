import { BRAND, layout, type MailContent } from './templates.ts'

/*
 * The business plans' e-mails (issue 14), in pt-BR, in the product's layout. Like every e-mail
 * (templates.ts), they carry none of the text people type into their accounts: an invitation
 * names the inviting account by its verified e-mail address, not by its name, so nobody can
 * have our sender deliver their own words to any address.
 */

export const TEAM_INVITATION_SUBJECT = `Convite para uma equipe — ${BRAND}`
export const SUPPORT_ANSWER_SUBJECT = `Resposta do suporte — ${BRAND}`

export function teamInvitationEmail({
  ownerEmail,
  planName,
  link,
}: {
  ownerEmail: string
  planName: string
  link: string
}): MailContent {
  const greeting = 'Olá!'
  const paragraphs = [
    `A conta ${ownerEmail} convidou você para a equipe dela no ${BRAND} (plano ${planName}).`,
    'Aceitando, seus lançamentos — pelo site, pelo seu WhatsApp vinculado ou pela API — vão para as finanças da equipe, com o seu nome em cada um.',
    'Entre ou crie sua conta com este mesmo email para aceitar. O convite vale por 7 dias e só pode ser usado uma vez.',
  ]
  const footer = 'Se você não esperava este convite, ignore este email.'
  return {
    subject: TEAM_INVITATION_SUBJECT,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\nAbra o convite:\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: 'Ver convite', link, footer }),
  }
}

/** The answer is an admin's text; the person's own subject is not repeated. */
export function supportAnswerEmail({
  answer,
  link,
}: {
  answer: string
  link: string
}): MailContent {
  const greeting = 'Olá!'
  const paragraphs = ['Respondemos sua solicitação de suporte:', answer]
  const footer = 'Para continuar a conversa, abra uma nova solicitação no painel.'
  return {
    subject: SUPPORT_ANSWER_SUBJECT,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\nVeja no seu painel:\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: 'Abrir o painel', link, footer }),
  }
}
