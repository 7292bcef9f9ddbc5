import { describe, expect, it } from 'vitest'
import { inviterForEmail, teamInvitationEmail } from './team-emails.ts'

describe('the invitation e-mail names who invites', () => {
  it.each([
    ['Joana Padeira', 'Joana Padeira (j@x.com.br)'],
    ['  Maria   da Silva ', 'Maria da Silva (j@x.com.br)'],
    ["João D'Ávila-Souza", "João D'Ávila-Souza (j@x.com.br)"],
    ['J. R. Tolkien', 'J. R. Tolkien (j@x.com.br)'],
  ])('a person name: %s', (name, expected) => {
    expect(inviterForEmail(name, 'j@x.com.br')).toBe(expected)
  })

  it.each([
    ['Ganhe R$ 1000 agora'],
    ['acesse bit.ly/premio'],
    ['https://golpe.example'],
    ['Seu banco: conta bloqueada!'],
    ['um dois três quatro cinco seis sete'],
    ['<b>Oi</b>'],
    ['a'.repeat(61)],
  ])('anything else falls back to the address: %s', (name) => {
    expect(inviterForEmail(name, 'j@x.com.br')).toBe('A conta j@x.com.br')
  })

  it('says it in pt-BR, with the name escaped in the HTML', () => {
    const mail = teamInvitationEmail({
      ownerName: "Ana D'Ávila",
      ownerEmail: 'ana@x.com.br',
      planName: 'Empresas 2',
      link: 'https://equilibrai.test/convite/abc',
    })
    expect(mail.text).toContain(
      "Ana D'Ávila (ana@x.com.br) convidou você para uma equipe no Equilibraí (plano Empresas 2).",
    )
    expect(mail.html).toContain('Ana D&#39;Ávila (ana@x.com.br) convidou você')
    expect(mail.text).not.toMatch(/\bemail\b/)
  })
})
