import { BRAND, layout, type MailContent } from '../platform/index.ts'

/*
 * Like every e-mail (platform/mail/templates.ts), it carries none of the text people type into
 * their accounts: an invitation names the inviting account by its verified e-mail address, not
 * by its name, so nobody can have our sender deliver their own words to any address.
 */

export const TEAM_INVITATION_SUBJECT = `Convite para uma equipe — ${BRAND}`

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
