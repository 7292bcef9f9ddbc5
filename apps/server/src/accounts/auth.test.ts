import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PASSWORD,
  signedInUser,
  signIn,
  signUp,
  TestClient,
  uniqueEmail,
} from '../../test/auth-client.ts'
import { emailsSettled } from '../../test/email-outbox.ts'
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts'
import { startTestServer, type TestServer } from '../../test/test-server.ts'

let server: TestServer
let mail: MailCatcher

beforeAll(async () => {
  mail = await startMailCatcher()
  // E-mails go out through the outbox's job runner (ADR 020).
  server = await startTestServer({
    SMTP_URL: mail.url,
    TRUST_PROXY: 'x-forwarded-for',
    WORKER: 'on',
  })
})
afterAll(async () => {
  await server?.stop()
  await mail?.close()
})

const db = () => server.database.pool

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error
}

describe('sign-up, e-mail confirmation and sign-in', () => {
  it('creates the account, mails a pt-BR confirmation, and lets the person in once confirmed', async () => {
    const client = new TestClient(server)
    const email = uniqueEmail('ana')
    const since = mail.messages.length
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Ana Paula Souza',
      email,
      password: PASSWORD,
      phone: '(11) 98888-7777',
      callbackURL: '/auth?confirmado=1',
    })
    expect(res.status).toBe(200)
    expect(client.sessionToken()).toBeUndefined()

    // The profile and the free subscription came with the user.
    const { rows } = await db().query(
      `select p.name, p.email, p.phone, s.plan_type, s.subscription_status
         from "user" u join profiles p on p.id = u.id join subscribers s on s.user_id = u.id
        where u.email = $1`,
      [email],
    )
    expect(rows).toEqual([
      {
        name: 'Ana Paula Souza',
        email,
        phone: '(11) 98888-7777',
        plan_type: 'free',
        subscription_status: 'active',
      },
    ])

    const message = await mail.waitFor(email, { since })
    expect(message.subject).toBe('Confirme seu e-mail — Equilibraí')
    expect(message.from).toBe('nao-responda@equilibrai.com.br')
    expect(message.text.startsWith('Olá!')).toBe(true)
    expect(message.text).toContain('Equilibraí')
    expect(message.html).toContain('Confirmar meu e-mail')
    expect(message.link).toMatch(`${server.url}/api/auth/verify-email?token=`)

    // Not confirmed yet: the spec's message, and no session.
    const early = await signIn(client, email)
    expect(early.status).toBe(403)
    expect(await errorOf(early)).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Por favor, confirme seu email antes de fazer login',
    })
    expect(client.sessionToken()).toBeUndefined()

    const confirm = await client.request(message.link)
    expect(confirm.status).toBe(302)
    expect(confirm.headers.get('location')).toBe('/auth?confirmado=1')

    const res2 = await signIn(client, email)
    expect(res2.status).toBe(200)
    expect(client.sessionToken()).toBeTruthy()
    const session = await client.request('/api/auth/get-session')
    const body = (await session.json()) as { user: { email: string; emailVerified: boolean } }
    expect(body.user).toMatchObject({ email, emailVerified: true })
  })

  it('sends a fresh confirmation when an unconfirmed person tries to sign in', async () => {
    const client = new TestClient(server)
    const email = uniqueEmail()
    await signUp(client, { email })
    await mail.waitFor(email)
    const since = mail.messages.length
    expect((await signIn(client, email)).status).toBe(403)
    const again = await mail.waitFor(email, { since, subject: 'Confirme seu e-mail — Equilibraí' })
    expect(again.link).toMatch(/verify-email\?token=/)
  })

  it('stores an empty phone as null', async () => {
    const client = new TestClient(server)
    const email = uniqueEmail()
    expect((await signUp(client, { email, phone: '' })).status).toBe(200)
    const { rows } = await db().query('select phone from profiles where email = $1', [email])
    expect(rows).toEqual([{ phone: null }])
  })

  it('tells the person an e-mail is already registered, whatever its case', async () => {
    const client = new TestClient(server)
    const email = uniqueEmail()
    expect((await signUp(client, { email })).status).toBe(200)
    const res = await signUp(new TestClient(server), { email: email.toUpperCase() })
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toEqual({
      code: 'USER_ALREADY_EXISTS',
      message: 'Este email já está cadastrado',
    })
    const { rows } = await db().query('select count(*)::int as n from profiles where email = $1', [
      email,
    ])
    expect(rows[0].n).toBe(1)
  })

  it('writes the user, its profile and its subscription together or not at all', async () => {
    await db().query(`
      create function refuse_test_subscriber() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from profiles where id = new.user_id and email like 'falha.%') then
          raise exception 'subscriber refused by the test';
        end if;
        return new;
      end $$;
      create trigger refuse_test_subscriber before insert on subscribers
        for each row execute function refuse_test_subscriber();`)
    try {
      const email = uniqueEmail('falha')
      const since = mail.messages.length
      const res = await signUp(new TestClient(server), { email })
      expect(res.status).toBe(422)
      for (const table of ['"user"', 'profiles']) {
        const { rows } = await db().query(`select 1 from ${table} where email = $1`, [email])
        expect(rows, table).toEqual([])
      }
      await emailsSettled(server)
      expect(mail.messages.slice(since).filter((m) => m.to.includes(email))).toEqual([])
    } finally {
      await db().query(
        'drop trigger refuse_test_subscriber on subscribers; drop function refuse_test_subscriber()',
      )
    }
  })
})

describe('server-side validation (the same rules and messages as the forms)', () => {
  const valid = { name: 'Maria da Silva', password: PASSWORD }
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['short name', { name: 'M' }, 'Nome deve ter no mínimo 2 caracteres'],
    ['bad e-mail', { email: 'nao-e-email' }, 'Email inválido'],
    ['bad phone', { phone: 'abc1234567' }, 'Formato de telefone inválido'],
    ['short phone', { phone: '1199' }, 'Telefone deve ter no mínimo 10 caracteres'],
    ['long phone', { phone: '1'.repeat(21) }, 'Telefone deve ter no máximo 20 caracteres'],
    ['short password', { password: 'Ab1' }, 'Senha deve ter no mínimo 8 caracteres'],
    [
      'no uppercase',
      { password: 'senhasegura1' },
      'Senha deve conter ao menos uma letra maiúscula',
    ],
    ['no digit', { password: 'SenhaSegura' }, 'Senha deve conter ao menos um número'],
    ['common password', { password: 'Senha123' }, 'Essa senha é muito comum. Escolha outra.'],
    ['common, other case', { password: 'BRASIL2024' }, 'Essa senha é muito comum. Escolha outra.'],
    ['too long', { password: `A1${'x'.repeat(127)}` }, 'Senha deve ter no máximo 128 caracteres'],
  ]
  for (const [label, patch, message] of cases) {
    it(`refuses a sign-up with ${label}: 400 '${message}'`, async () => {
      const email = uniqueEmail()
      const res = await new TestClient(server).post('/api/auth/sign-up/email', {
        ...valid,
        email,
        ...patch,
      })
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message })
      const { rows } = await db().query('select 1 from "user" where email = $1', [email])
      expect(rows).toEqual([])
    })
  }

  it('refuses a sign-in without a valid e-mail or a password', async () => {
    const client = new TestClient(server)
    const noEmail = await client.post('/api/auth/sign-in/email', { email: 'x', password: 'a' })
    expect(await errorOf(noEmail)).toEqual({ code: 'VALIDATION_ERROR', message: 'Email inválido' })
    const noPassword = await signIn(client, uniqueEmail(), '')
    expect(noPassword.status).toBe(400)
    expect((await errorOf(noPassword)).message).toBe('Senha é obrigatória')
  })

  it('answers malformed JSON with a 400 and non-JSON bodies with a 415, never a 500', async () => {
    const client = new TestClient(server)
    const broken = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
    const form = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: `name=Maria+Silva&email=${encodeURIComponent(uniqueEmail())}&password=Senha123`,
    })
    expect(form.status).toBe(415)
    expect((await errorOf(form)).code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('accepts a long password whole: no truncation', async () => {
    const long = `Uma frase-senha bem comprida, com 1 número e mais de setenta caracteres ${'!'.repeat(30)}`
    expect(long.length).toBeGreaterThanOrEqual(100)
    const { client, email } = await signedInUser(server, { password: long })
    expect(client.sessionToken()).toBeTruthy()
    expect((await signIn(new TestClient(server), email, long.slice(0, 72))).status).toBe(401)
    expect((await signIn(new TestClient(server), email, long)).status).toBe(200)
  })

  it('answers a social sign-in with a provider that is not configured without crashing', async () => {
    const res = await new TestClient(server).post('/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/',
    })
    expect(res.status).toBe(404)
    expect((await errorOf(res)).code).toBe('PROVIDER_NOT_FOUND')
  })

  it('refuses cross-site requests (our Origin check, ahead of Better Auth) in our error shape', async () => {
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
    })
    expect(res.status).toBe(403)
    expect(await errorOf(res)).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: 'Origem da requisição não permitida.',
    })
  })
})

describe('sign-in', () => {
  it('answers a wrong password and an unknown e-mail alike, and hashes once in both', async () => {
    const { email } = await signedInUser(server)
    const hasher = server.deps.passwordHasher
    const calls = () => hasher.calls.hash + hasher.calls.verify

    let before = calls()
    const wrong = await signIn(new TestClient(server), email, 'Outra-Senha-99')
    const wrongCost = calls() - before
    before = calls()
    const unknown = await signIn(new TestClient(server), uniqueEmail('ninguem'), 'Outra-Senha-99')
    const unknownCost = calls() - before

    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const expected = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Email ou senha incorretos' }
    expect(await errorOf(wrong)).toEqual(expected)
    expect(await errorOf(unknown)).toEqual(expected)
    expect(wrongCost).toBe(1)
    expect(unknownCost).toBe(1)
  })

  it('sets an httpOnly, SameSite=Lax session cookie (not Secure outside production)', async () => {
    const client = new TestClient(server)
    const email = uniqueEmail()
    await signUp(client, { email })
    await db().query(`update "user" set "emailVerified" = true where email = $1`, [email])
    const res = await signIn(client, email)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('equilibrai.session_token='))
    expect(cookie).toBeDefined()
    expect(cookie).toMatch(/; HttpOnly/i)
    expect(cookie).toMatch(/; SameSite=Lax/i)
    expect(cookie).toMatch(/; Path=\//i)
    expect(cookie).not.toMatch(/; Secure/i)
    // No answer carries a token a page script could keep.
    const body = (await res.json()) as Record<string, unknown>
    expect(body).not.toHaveProperty('token')
    const session = (await (await client.request('/api/auth/get-session')).json()) as {
      session: Record<string, unknown>
    }
    expect(session.session).toHaveProperty('expiresAt')
    expect(session.session).not.toHaveProperty('token')
    const raw = decodeURIComponent(client.sessionToken() ?? '').split('.')[0] ?? ''
    expect(raw.length).toBeGreaterThan(10)
    const sessions = await client.request('/api/auth/list-sessions')
    expect(await sessions.text()).not.toContain(raw)
  })

  it('starts a new session on every sign-in', async () => {
    const { client, email } = await signedInUser(server)
    const first = client.sessionToken()
    expect((await signIn(client, email)).status).toBe(200)
    expect(client.sessionToken()).toBeTruthy()
    expect(client.sessionToken()).not.toBe(first)
  })

  it('ends the session on the server at sign-out: the old cookie no longer works', async () => {
    const { client } = await signedInUser(server)
    const stolen = new TestClient(server)
    for (const [k, v] of client.cookies) stolen.cookies.set(k, v)
    expect((await stolen.request('/api/profile')).status).toBe(200)

    const out = await client.post('/api/auth/sign-out', {})
    expect(out.status).toBe(200)
    expect(client.sessionToken()).toBeUndefined()

    expect((await stolen.request('/api/profile')).status).toBe(401)
    const session = await stolen.request('/api/auth/get-session')
    expect(await session.json()).toBeNull()
  })
})

describe('password reset', () => {
  it('mails a link that leads to /reset-password, sets the new password once, and ends old sessions', async () => {
    const { client: oldSession, email } = await signedInUser(server, { name: 'Bruno Lima' })
    const client = new TestClient(server)
    const since = mail.messages.length
    const req = await client.post('/api/auth/request-password-reset', {
      email,
      redirectTo: `${server.url}/reset-password`,
    })
    expect(req.status).toBe(200)

    const message = await mail.waitFor(email, {
      since,
      subject: 'Redefinir sua senha — Equilibraí',
    })
    expect(message.text.startsWith('Olá!')).toBe(true)
    const link = await client.request(message.link)
    expect(link.status).toBe(302)
    const target = new URL(link.headers.get('location') ?? '', server.url)
    expect(target.pathname).toBe('/reset-password')
    const token = target.searchParams.get('token') ?? ''
    expect(token).not.toBe('')

    const common = await client.post('/api/auth/reset-password', { token, newPassword: 'Senha123' })
    expect(common.status).toBe(400)
    expect((await errorOf(common)).message).toBe('Essa senha é muito comum. Escolha outra.')
    const weak = await client.post('/api/auth/reset-password', { token, newPassword: 'fraca' })
    expect((await errorOf(weak)).message).toBe('Senha deve ter no mínimo 8 caracteres')

    const newPassword = 'Nova-Senha-Forte-2030'
    const done = await client.post('/api/auth/reset-password', { token, newPassword })
    expect(done.status).toBe(200)
    const reused = await client.post('/api/auth/reset-password', { token, newPassword })
    expect(reused.status).toBe(400)
    expect((await errorOf(reused)).message).toBe('Este link é inválido ou expirou. Peça um novo.')

    expect((await signIn(new TestClient(server), email)).status).toBe(401)
    expect((await signIn(new TestClient(server), email, newPassword)).status).toBe(200)
    expect((await oldSession.request('/api/profile')).status).toBe(401)
  })

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const since = mail.messages.length
    const email = uniqueEmail('desconhecido')
    const res = await new TestClient(server).post('/api/auth/request-password-reset', {
      email,
      redirectTo: `${server.url}/reset-password`,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    })
    await emailsSettled(server)
    expect(mail.messages.slice(since).some((m) => m.to.includes(email))).toBe(false)
  })

  it('sends a bad or expired link back to /reset-password with an error', async () => {
    const res = await new TestClient(server).request(
      `/api/auth/reset-password/nao-existe?callbackURL=${encodeURIComponent(`${server.url}/reset-password`)}`,
    )
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${server.url}/reset-password?error=INVALID_TOKEN`)
  })
})
