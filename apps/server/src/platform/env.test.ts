import { spawnSync } from 'node:child_process'
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

  it('sizes the bounded lanes from the environment, with defaults', () => {
    const defaults = parseEnv({})
    expect([defaults.PDF_CONCURRENCY, defaults.PDF_QUEUE]).toEqual([2, 8])
    expect([defaults.EXPORT_CONCURRENCY, defaults.EXPORT_QUEUE]).toEqual([2, 2])
    expect([defaults.CSV_CONCURRENCY, defaults.CSV_QUEUE]).toEqual([4, 8])
    expect([defaults.IMPORT_CONCURRENCY, defaults.IMPORT_QUEUE]).toEqual([2, 4])
    expect(defaults.WEBHOOK_CONCURRENCY).toBe(4)
    const set = parseEnv({
      PDF_CONCURRENCY: '6',
      EXPORT_QUEUE: '0',
      CSV_QUEUE: '',
      IMPORT_CONCURRENCY: '3',
    })
    expect([set.PDF_CONCURRENCY, set.EXPORT_QUEUE, set.CSV_QUEUE, set.IMPORT_CONCURRENCY]).toEqual([
      6, 0, 8, 3,
    ])
  })

  it('refuses lane sizes that are not whole numbers in range, naming each', () => {
    let message = ''
    try {
      parseEnv({
        PDF_CONCURRENCY: '0',
        EXPORT_CONCURRENCY: '9',
        CSV_QUEUE: 'oito',
        IMPORT_QUEUE: '2.5',
        WEBHOOK_CONCURRENCY: '-1',
      })
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      message = (error as Error).message
    }
    expect(message).toContain('PDF_CONCURRENCY: no mínimo 1')
    expect(message).toContain('EXPORT_CONCURRENCY: no máximo 8')
    expect(message).toContain('CSV_QUEUE: precisa ser um número inteiro entre 0 e 1000')
    expect(message).toContain('IMPORT_QUEUE: precisa ser um número inteiro entre 0 e 1000')
    expect(message).toContain('WEBHOOK_CONCURRENCY')
  })

  it('keeps the server from starting on an invalid lane size, saying why', () => {
    const main = path.resolve(import.meta.dirname, '../app/main.ts')
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, NODE_ENV: 'development', PDF_QUEUE: 'muitos', CSV_CONCURRENCY: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('Configuração inválida')
    expect(run.stderr).toContain('PDF_QUEUE: precisa ser um número inteiro entre 0 e 1000')
    expect(run.stderr).toContain('CSV_CONCURRENCY: no mínimo 1')
  }, 60_000)
})
