import { BRAND, GREETING, layout, type MailContent } from '../platform/index.ts'

/* The sign-up confirmation and password reset e-mails (pt-BR, the product's layout). */

export function verificationEmail({ link }: { link: string }): MailContent {
  const greeting = GREETING
  const paragraphs = [
    `Falta pouco para você começar a usar o ${BRAND}. Confirme seu e-mail para ativar sua conta.`,
    'O link vale por 24 horas.',
  ]
  const footer = `Se você não criou uma conta no ${BRAND}, ignore este e-mail.`
  return {
    subject: `Confirme seu e-mail — ${BRAND}`,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\nConfirme seu e-mail abrindo o link abaixo:\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: 'Confirmar meu e-mail', link, footer }),
  }
}

export function resetPasswordEmail({ link }: { link: string }): MailContent {
  const greeting = GREETING
  const paragraphs = [
    `Recebemos um pedido para redefinir a senha da sua conta no ${BRAND}.`,
    'O link vale por 1 hora e só pode ser usado uma vez.',
  ]
  const footer =
    'Se você não pediu para redefinir a senha, ignore este e-mail: sua senha continua a mesma.'
  return {
    subject: `Redefinir sua senha — ${BRAND}`,
    link,
    text: `${greeting}\n\n${paragraphs.join('\n\n')}\n\nEscolha uma nova senha abrindo o link abaixo:\n${link}\n\n${footer}\n\nEquipe ${BRAND}\n`,
    html: layout({ greeting, paragraphs, button: 'Redefinir minha senha', link, footer }),
  }
}
