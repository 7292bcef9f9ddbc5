import { describe, expect, it } from 'vitest'
import { parseEnv } from '../platform/env.ts'
import { classifyGraphError, graphMessageBody } from './graph-api.ts'
import { CODE_ALPHABET, generateCode, normalizeCode } from './links.ts'
import { buttonReplyText, clip, confirmMessage } from './messages.ts'
import { maskWaId, phoneKey, sameNumber, waIdForms } from './phone.ts'
import { readLinkCommand, readMessage } from '../assistant/processor.ts'
import { backoffMs } from './sender.ts'
import { isValidSignature, signBody } from './signature.ts'
import { parseWebhook } from './webhook-payload.ts'

describe('Brazilian numbers with and without the ninth digit', () => {
  it.each([
    ['551187654321', '5511987654321'], // São Paulo mobile without the 9
    ['5511987654321', '5511987654321'], // already with it
    ['558196543210', '5581996543210'], // Recife, starts with 9 after the DDD
    ['556171234567', '5561971234567'], // Brasília, mobile starting with 7
    ['551133334444', '551133334444'], // landline (starts with 3): unchanged
    ['551125554444', '551125554444'], // landline (starts with 2)
    ['550187654321', '550187654321'], // not a DDD (0 in it): unchanged
    ['14155550123', '14155550123'], // another country
    ['+55 (11) 8765-4321', '5511987654321'], // as a person types it
  ])('%s → %s', (input, key) => {
    expect(phoneKey(input)).toBe(key)
  })

  it('matches either form, and only the same number', () => {
    expect(sameNumber('551187654321', '5511987654321')).toBe(true)
    expect(sameNumber('5511987654321', '551187654321')).toBe(true)
    expect(sameNumber('551187654321', '5521987654321')).toBe(false)
    expect(sameNumber('551187654321', '5511987654322')).toBe(false)
    expect(sameNumber('551133334444', '5511933334444')).toBe(false)
  })

  it('lists both forms WhatsApp may use', () => {
    expect(waIdForms('551187654321')).toEqual(['5511987654321', '551187654321'])
    expect(waIdForms('5511987654321')).toEqual(['5511987654321', '551187654321'])
    expect(waIdForms('551133334444')).toEqual(['551133334444'])
    expect(waIdForms('14155550123')).toEqual(['14155550123'])
  })

  it('masks numbers for logs', () => {
    expect(maskWaId('5511987654321')).toBe('5511*******21')
    expect(maskWaId('sim.abc')).toBe('sim.*bc')
  })
})

describe('webhook signatures', () => {
  const secret = 'segredo'
  const raw = Buffer.from('{"a":"a\\u00e7\\u00e3o"}')
  it('accepts the HMAC of the exact bytes and nothing else', () => {
    const header = signBody(secret, raw)
    expect(isValidSignature(secret, raw, header)).toBe(true)
    expect(isValidSignature(secret, raw, header.toUpperCase().replace('SHA256=', 'sha256='))).toBe(
      true,
    )
    expect(isValidSignature(secret, Buffer.from('{"a":"ação"}'), header)).toBe(false)
    expect(isValidSignature('outro', raw, header)).toBe(false)
    expect(isValidSignature(secret, raw, undefined)).toBe(false)
    expect(isValidSignature(secret, raw, 'sha256=')).toBe(false)
    expect(isValidSignature(secret, raw, header.slice(0, -2))).toBe(false)
  })
})

describe('linking codes', () => {
  it('are 6 characters without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCode()
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/)
    }
    expect(CODE_ALPHABET).not.toMatch(/[01IO]/)
  })

  it('read what people type', () => {
    expect(normalizeCode('abc234')).toBe('ABC234')
    expect(normalizeCode(' ABC-234 ')).toBe('ABC234')
    expect(normalizeCode('ABC 234')).toBe('ABC234')
    expect(normalizeCode('ABC23')).toBeNull()
    expect(normalizeCode('ABC2340')).toBeNull()
    expect(normalizeCode('ABCO10')).toBeNull()
  })

  it('are found in the command', () => {
    expect(readLinkCommand('vincular ABC234')).toBe('ABC234')
    expect(readLinkCommand('Vincular: abc-234')).toBe('abc-234')
    expect(readLinkCommand('VINCULAR')).toBe('')
    expect(readLinkCommand('quero vincular ABC234')).toBeNull()
    expect(readLinkCommand('vinculares')).toBeNull()
    expect(readLinkCommand('gastei 20 no mercado')).toBeNull()
  })
})

describe('reading messages', () => {
  it('takes text, button replies and template buttons; everything else is non-text', () => {
    expect(readMessage('text', { text: { body: 'saldo' } })).toEqual({ text: 'saldo' })
    expect(
      readMessage('interactive', {
        interactive: { type: 'button_reply', button_reply: { id: 'confirm_yes', title: 'Sim' } },
      }),
    ).toEqual({ text: 'sim' })
    expect(
      readMessage('interactive', {
        interactive: { type: 'button_reply', button_reply: { id: 'confirm_no', title: 'Não' } },
      }),
    ).toEqual({ text: 'não' })
    expect(readMessage('button', { button: { text: 'Parar', payload: 'x' } })).toEqual({
      text: 'Parar',
    })
    for (const type of ['audio', 'image', 'sticker', 'location', 'reaction', 'unsupported']) {
      expect(readMessage(type, { [type]: {} })).toEqual({ nonText: type })
    }
    expect(readMessage('text', null)).toEqual({ nonText: 'text' })
    expect(buttonReplyText('outro', 'Título')).toBe('Título')
  })
})

describe('webhook payloads', () => {
  it('ignores other phone numbers of the same app and unknown statuses', () => {
    const body = (phone: string) => ({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: phone },
                messages: [
                  {
                    from: '5511987654321',
                    id: 'wamid.1',
                    timestamp: '1700000000',
                    type: 'text',
                    text: { body: 'oi' },
                  },
                ],
                statuses: [
                  { id: 'wamid.2', status: 'delivered', timestamp: '1700000001' },
                  { id: 'wamid.3', status: 'deleted', timestamp: '1700000001' },
                ],
              },
            },
          ],
        },
      ],
    })
    const mine = parseWebhook(body('123'), '123')
    expect(mine?.messages.map((m) => m.messageId)).toEqual(['wamid.1'])
    expect(mine?.messages[0]?.sentAt?.toISOString()).toBe('2023-11-14T22:13:20.000Z')
    expect(mine?.statuses.map((s) => s.status)).toEqual(['delivered'])
    expect(parseWebhook(body('999'), '123')).toEqual({ messages: [], statuses: [], skipped: 0 })
  })
})

describe('Graph API', () => {
  it('builds the message bodies Meta expects', () => {
    expect(graphMessageBody('5511987654321', { kind: 'text', text: 'oi' })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'text',
      text: { body: 'oi', preview_url: false },
    })
    const buttons = graphMessageBody('5511987654321', confirmMessage('Confirma R$ 2.000.000,00?'))
    expect(buttons).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Confirma R$ 2.000.000,00?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'confirm_yes', title: 'Sim' } },
            { type: 'reply', reply: { id: 'confirm_no', title: 'Não' } },
          ],
        },
      },
    })
    expect(
      graphMessageBody('5511987654321', {
        kind: 'template',
        name: 't',
        language: 'pt_BR',
        params: ['a'],
      }),
    ).toMatchObject({
      type: 'template',
      template: {
        name: 't',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'a' }] }],
      },
    })
  })

  it('retries 5xx, 429 and throughput limits; gives up on the rest', () => {
    const err = (code: number) => ({ error: { code, message: 'x' } })
    expect(classifyGraphError(500, null, null).retryable).toBe(true)
    expect(classifyGraphError(503, 'not json', null).retryable).toBe(true)
    expect(classifyGraphError(429, err(4), '3')).toMatchObject({
      retryable: true,
      retryAfterMs: 3000,
    })
    expect(classifyGraphError(400, err(130429), null).retryable).toBe(true)
    expect(classifyGraphError(400, err(131056), null).retryable).toBe(true)
    expect(classifyGraphError(400, err(131026), null).retryable).toBe(false)
    expect(classifyGraphError(400, err(100), null).retryable).toBe(false)
    expect(classifyGraphError(401, err(190), null).retryable).toBe(false)
    expect(classifyGraphError(400, err(131047), null)).toMatchObject({
      retryable: false,
      windowClosed: true,
    })
  })

  it('backs off exponentially, with jitter, capped, and at least Retry-After', () => {
    const policy = { maxAttempts: 10, baseDelayMs: 1000, maxDelayMs: 60_000 }
    for (const [attempt, nominal] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [10, 60_000],
    ] as const) {
      const d = backoffMs(policy, attempt, null)
      expect(d).toBeGreaterThanOrEqual(nominal * 0.8)
      expect(d).toBeLessThanOrEqual(nominal * 1.2)
    }
    expect(backoffMs(policy, 1, 30_000)).toBe(30_000)
  })

  it('clips long texts without breaking characters', () => {
    expect(clip('abc', 5)).toBe('abc')
    expect(clip('😀😀😀', 5)).toBe('😀😀…')
    expect(clip('a'.repeat(5000), 4096)).toHaveLength(4096)
  })
})

describe('configuration', () => {
  it('asks for the rest of the WhatsApp settings once a token is set', () => {
    expect(() => parseEnv({ WHATSAPP_ACCESS_TOKEN: 'token' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID[\s\S]*WHATSAPP_APP_SECRET[\s\S]*WHATSAPP_VERIFY_TOKEN/,
    )
    expect(() =>
      parseEnv({
        WHATSAPP_ACCESS_TOKEN: 'token',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_APP_SECRET: 's',
        WHATSAPP_VERIFY_TOKEN: 'v',
      }),
    ).not.toThrow()
  })
})
