import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2E, startE2E } from './harness.ts'

let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E()
})
afterAll(() => e2e?.close())

describe('web shell', () => {
  it('serves the app in pt-BR and renders the landing route', async () => {
    const { page, context } = await e2e.newPage()
    await page.goto('/')
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR')
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0)
    await context.close()
  })

  it('renders a pt-BR not-found page for unknown routes after a reload', async () => {
    const { page, context } = await e2e.newPage()
    const res = await page.goto('/rota-que-nao-existe')
    expect(res?.status()).toBe(200)
    await expect.poll(() => page.textContent('body')).toMatch(/não encontrada/i)
    await context.close()
  })
})
