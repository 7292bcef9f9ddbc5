import { BRAND, layout, type MailContent } from '../platform/index.ts'

/*
 * E-mails carry no free text people type into their accounts (platform/mail/templates.ts): anyone
 * can type a link or a fake warning as a name and have our sender deliver it. An invitation still
 * has to say who invites (issue 26: "an e-mail that names the inviter's e-mail instead of their
 * name"), so it names the inviter when the name reads as a person's name — letters, spaces,
 * apostrophes, hyphens and dots, at most 6 words and 60 characters, nothing a mail client could
 * turn into a link — always beside their verified e-mail address; otherwise the address alone.
 */
const PERSON_NAME = /^\p{L}[\p{L}\p{M}'’.-]*(?: \p{L}[\p{L}\p{M}'’.-]*){0,5}$/u

export function inviterForEmail(name: string, email: string): string {
  const clean = name.trim().replace(/\s+/g, ' ')
  const plain =
    clean.length <= 60 && PERSON_NAME.test(clean) && !/\.\p{L}/u.test(clean.replaceAll('. ', ' '))
  return plain ? `${clean} (${email})` : `A conta ${email}`
}

export const TEAM_INVITATION_SUBJECT = `Convite para uma equipe — ${BRAND}`

export function teamInvitationEmail({
  ownerName,
  ownerEmail,
  planName,
  link,
}: {
  ownerName: string
  ownerEmail: string
  planName: string
  link: string
}): MailContent {
  const greeting = 'Olá!'
  const paragraphs = [
    `${inviterForEmail(ownerName, ownerEmail)} convidou você para uma equipe no ${BRAND} (plano ${planName}).`,
    'Aceitando, seus lançamentos — pelo site, pelo seu WhatsApp vinculado ou pela API — vão para as finanças da equipe, com o seu nome em cada um.',
    'Entre ou crie sua conta com este mesmo e-mail para aceitar. O convite vale por 7 dias e só pode ser usado uma vez.',
  ]
  const footer = 'Se você não esperava este convite, ignore este e-mail.'
  return {
    subject: TEAM_INVITATION_SUBJECT,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\nAbra o convite:\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: 'Ver convite', link, footer }),
  }
}
