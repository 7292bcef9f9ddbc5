import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env.ts'

describe('parseEnv', () => {
  it('fills the documented defaults', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.PUBLIC_URL).toBe('http://localhost:3000')
    expect(env.DATA_DIR).toBe(path.resolve('.data'))
    expect(env.NODE_ENV).toBe('development')
    expect(env.WHATSAPP_API_BASE).toBe('https://graph.facebook.com/v24.0')
    expect(env.WORKER).toBe('on')
  })

  it('runs the worker in a process of its own by default in production only (ADR 024)', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a'.repeat(32),
      SMTP_URL: 'smtp://mail.example.com',
    }
    expect(parseEnv(production).WORKER).toBe('process')
    expect(parseEnv({ ...production, WORKER: 'on' }).WORKER).toBe('on')
    expect(parseEnv({ WORKER: 'off' }).WORKER).toBe('off')
    expect(parseEnv({}).WORKER_CONCURRENCY).toBe(8)
    expect(parseEnv({ WORKER_CONCURRENCY: '16' }).WORKER_CONCURRENCY).toBe(16)
    expect(() => parseEnv({ WORKER_CONCURRENCY: '0' })).toThrow(EnvError)
  })

  it('treats empty strings as unset and trims a trailing slash from PUBLIC_URL', () => {
    const env = parseEnv({ DATABASE_URL: '', PUBLIC_URL: 'https://app.equilibrai.com.br/' })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.PUBLIC_URL).toBe('https://app.equilibrai.com.br')
  })

  it('lists every bad variable at once', () => {
    let message = ''
    try {
      parseEnv({
        PORT: 'abc',
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test',
        WHATSAPP_BUSINESS_NUMBER: '+55 11',
      })
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      message = (error as Error).message
    }
    for (const name of [
      'PORT',
      'AUTH_SECRET',
      'SMTP_URL',
      'STRIPE_WEBHOOK_SECRET',
      'WHATSAPP_BUSINESS_NUMBER',
    ]) {
      expect(message).toContain(name)
    }
  })
})
