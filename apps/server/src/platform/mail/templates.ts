/**
 * The e-mails the product sends, in pt-BR, as text and a simple HTML version. `link` is the
 * one action in each; the mailer logs it when e-mails go to files (development).
 */
export type MailContent = { subject: string; text: string; html: string; link: string }

export const BRAND = 'Equilibraí'

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/**
 * E-mails greet without the account's name: anyone can type any name at sign-up (a link, a
 * fake warning) and have it delivered to any address with our sender. Only our words go out.
 */
export const GREETING = 'Olá!'

export function layout(params: {
  greeting: string
  paragraphs: string[]
  button: string
  link: string
  footer: string
}): string {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(text)}</p>`
  return `<!doctype html>
<html lang="pt-BR">
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:#059669">${BRAND}</p>
${p(params.greeting)}
${params.paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(params.link)}" style="display:inline-block;background:#059669;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">${escapeHtml(params.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(params.link)}" style="color:#059669;word-break:break-all">${escapeHtml(params.link)}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(params.footer)}</p>
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#9ca3af">${BRAND} — seu consultor financeiro no WhatsApp</p>
</td></tr></table>
</body>
</html>
`
}
