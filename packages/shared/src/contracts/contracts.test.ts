import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  accountExample,
  accountListExample,
  accountListSchema,
  accountSchema,
  cardAccountExample,
  invoiceExample,
  invoiceListExample,
  invoiceListSchema,
  invoiceSchema,
  transferExample,
  transferListExample,
  transferListSchema,
  transferSchema,
  analysisExample,
  analysisSchema,
  entryUsageExample,
  entryUsageSchema,
  monthlyReportExample,
  monthlyReportSchema,
  monthSummaryExample,
  monthSummarySchema,
  notificationSettingsExample,
  notificationSettingsSchema,
  alertPageExample,
  billExample,
  billListExample,
  budgetExample,
  budgetListExample,
  recurringExample,
  recurringListExample,
  teamSummaryExample,
  teamSummarySchema,
  transactionExample,
  transactionPageExample,
  transactionPageSchema,
  transactionSchema,
  webhookDeliveryListExample,
  webhookDeliveryListSchema,
  webhookEndpointExample,
  webhookEndpointSchema,
  webhookEndpointWithSecretExample,
  webhookEndpointWithSecretSchema,
  webhookTestEventExample,
  webhookTestEventSchema,
  alertPageSchema,
  billListSchema,
  billSchema,
  budgetListSchema,
  budgetSchema,
  recurringListSchema,
  recurringSchema,
} from '../index.ts'

/** Every example the OpenAPI document shows, with the contract it illustrates. */
const examples: [string, z.ZodType, unknown][] = [
  ['account', accountSchema, accountExample],
  ['card account', accountSchema, cardAccountExample],
  ['account list', accountListSchema, accountListExample],
  ['transfer', transferSchema, transferExample],
  ['transfer list', transferListSchema, transferListExample],
  ['invoice', invoiceSchema, invoiceExample],
  ['invoice list', invoiceListSchema, invoiceListExample],
  ['transaction', transactionSchema, transactionExample],
  ['transaction page', transactionPageSchema, transactionPageExample],
  ['month summary', monthSummarySchema, monthSummaryExample],
  ['usage', entryUsageSchema, entryUsageExample],
  ['notification settings', notificationSettingsSchema, notificationSettingsExample],
  ['bill', billSchema, billExample],
  ['bill list', billListSchema, billListExample],
  ['recurring', recurringSchema, recurringExample],
  ['recurring list', recurringListSchema, recurringListExample],
  ['budget', budgetSchema, budgetExample],
  ['budget list', budgetListSchema, budgetListExample],
  ['alert list', alertPageSchema, alertPageExample],
  ['team summary', teamSummarySchema, teamSummaryExample],
  ['analysis', analysisSchema, analysisExample],
  ['webhook endpoint', webhookEndpointSchema, webhookEndpointExample],
  [
    'webhook endpoint with secret',
    webhookEndpointWithSecretSchema,
    webhookEndpointWithSecretExample,
  ],
  ['webhook deliveries', webhookDeliveryListSchema, webhookDeliveryListExample],
  ['webhook test event', webhookTestEventSchema, webhookTestEventExample],
  ['monthly report', monthlyReportSchema, monthlyReportExample],
]

describe('response contracts', () => {
  it.each(
    examples,
  )('the %s example is what its schema accepts, field for field', (_, schema, example) => {
    expect(schema.parse(example)).toEqual(example)
  })

  it('refuses what the server must never answer', () => {
    const bad = (patch: object) => transactionSchema.safeParse({ ...transactionExample, ...patch })
    // A `date` column read as a JavaScript Date and serialised as an instant.
    expect(bad({ occurred_on: '2026-11-10T03:00:00.000Z' }).success).toBe(false)
    expect(bad({ occurred_on: '2026-02-30' }).success).toBe(false)
    // A timestamp as PostgreSQL writes it, not as JSON does.
    expect(bad({ created_at: '2026-11-10 14:32:05.12+00' }).success).toBe(false)
    // A bigint sum as pg returns it: a string.
    expect(bad({ amount_cents: '4590' }).success).toBe(false)
    expect(monthSummarySchema.safeParse({ ...monthSummaryExample, month: '2026-13' }).success).toBe(
      false,
    )
  })
})
