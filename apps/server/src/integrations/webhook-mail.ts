import { layout, type MailContent } from '../platform/index.ts'

/** To the ledger's owner when an endpoint is disabled after 3 days of failed deliveries. */
export function webhookDisabledEmail({
  name,
  url,
  link,
}: {
  name: string
  url: string
  link: string
}): MailContent {
  const first = name.trim().split(/\s+/)[0] ?? ''
  const greeting = first ? `Olá, ${first}!` : 'Olá!'
  const paragraphs = [
    `O endpoint de webhook ${url} falhou em todas as entregas dos últimos 3 dias e foi desativado.`,
    'Corrija o endpoint e gere um novo segredo em Integrações para reativá-lo.',
  ]
  const footer = 'Você recebe este e-mail porque é o responsável pela conta no Equilibraí.'
  return {
    subject: 'Endpoint de webhook desativado — Equilibraí',
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\n${link}\n\n${footer}\n`,
    html: layout({ greeting, paragraphs, button: 'Abrir Integrações', link, footer }),
  }
}
