import { BRAND, layout, type MailContent } from '../platform/index.ts'

export const SUPPORT_ANSWER_SUBJECT = `Resposta do suporte — ${BRAND}`

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
