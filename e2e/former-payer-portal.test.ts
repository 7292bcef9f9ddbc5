import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser } from '../apps/server/test/auth-client.ts'
import { type FakeStripe, startFakeStripe } from '../apps/server/test/fake-stripe.ts'
import { axeViolations } from './axe.ts'
import { type E2E, startE2E } from './harness.ts'

/**
 * Issue 26: someone who paid once and is back on the free plan still has a customer at Stripe
 * (invoices, payment methods), so the dashboard keeps 'Gerenciar assinatura' for them and opens
 * the real Customer Portal (the SDK pointed at a local fake of Stripe); someone who never paid
 * gets the free plan's note instead. On a 390 px phone and on a desktop.
 */
let e2e: E2E
let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
  e2e = await startE2E({
    TRUST_PROXY: 'x-forwarded-for',
    STRIPE_SECRET_KEY: 'sk_test_equilibrai',
    STRIPE_WEBHOOK_SECRET: 'whsec_equilibrai_portal',
    STRIPE_API_BASE: stripe.url,
  })
})
afterAll(async () => {
  await e2e?.close()
  await stripe?.close()
})

const VIEWPORTS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const

type User = Awaited<ReturnType<typeof signedInUser>>

async function openAs(user: User, viewport: { width: number; height: number }) {
  const { context, page } = await e2e.newPage({ viewport })
  await context.addCookies(
    [...user.client.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })),
  )
  // The portal's page lives at Stripe: the fake's address answers with a page of its own.
  await context.route('https://billing.stripe.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><title>Portal</title><h1>Portal do cliente (Stripe)</h1>',
    }),
  )
  return { context, page }
}

const currentPlan = (page: Page) =>
  page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Plano Atual' }) })

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('the subscription portal of a former payer', () => {
  it.each(VIEWPORTS)('stays on the free plan when they paid once (%s)', async (_, viewport) => {
    const former = await signedInUser(e2e.server)
    // Stripe ended the subscription (back to free); the customer stays.
    const customer = `cus_former_${former.userId.slice(0, 8)}`
    await e2e.server.database.pool.query(
      `update subscribers set plan_type = 'free', stripe_customer_id = $2 where user_id = $1`,
      [former.userId, customer],
    )
    const { context, page } = await openAs(former, viewport)
    await page.goto('/dashboard')
    const card = currentPlan(page)
    await expect.poll(() => card.textContent()).toContain('Gratuito')
    const button = card.getByRole('button', { name: 'Gerenciar assinatura' })
    await button.waitFor()
    expect(await card.getByTestId('no-subscription-note').count()).toBe(0)
    expect(await horizontalOverflow(page)).toBe(0)
    expect(await axeViolations(page)).toEqual([])

    const before = stripe.portalSessions.length
    const [tab] = await Promise.all([context.waitForEvent('page'), button.click()])
    await tab.waitForURL(/^https:\/\/billing\.stripe\.test\/p\/session\//)
    await tab.getByRole('heading', { name: 'Portal do cliente (Stripe)' }).waitFor()
    expect(stripe.portalSessions.slice(before)).toEqual([
      expect.objectContaining({ customer, locale: 'pt-BR' }),
    ])
    expect(page.url()).toMatch(/\/dashboard$/)
    await context.close()
  })

  it.each(VIEWPORTS)('is a note on the free plan for who never paid (%s)', async (_, viewport) => {
    const never = await signedInUser(e2e.server)
    const { context, page } = await openAs(never, viewport)
    await page.goto('/dashboard')
    const card = currentPlan(page)
    await card.getByTestId('no-subscription-note').waitFor()
    expect(await card.getByRole('button', { name: 'Gerenciar assinatura' }).count()).toBe(0)
    expect(await horizontalOverflow(page)).toBe(0)
    await context.close()
  })
})
