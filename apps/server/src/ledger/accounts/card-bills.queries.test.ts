import { cardBillMonthOf } from '@equilibrai/shared'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../test/use-test-database.ts'

const database = useTestDatabase()

describe('card_bill_month (SQL) and cardBillMonthOf (packages/shared)', () => {
  it('put every day in the same bill, for every closing and due day', async () => {
    // Across a year's end, a leap February and months of 30 and 31 days.
    const { rows } = await database.pool.query<{
      day: string
      closing: number
      due: number
      month: string
    }>(
      `select d::date::text as day, c as closing, u as due, card_bill_month(d::date, c, u) as month
         from generate_series(date '2027-11-25', date '2028-05-05', interval '1 day') d,
              generate_series(1, 31) c, generate_series(1, 31) u`,
    )
    expect(rows.length).toBe(163 * 31 * 31)
    const differ = rows.filter(
      (r) => cardBillMonthOf({ closing_day: r.closing, due_day: r.due }, r.day) !== r.month,
    )
    expect(differ.slice(0, 5)).toEqual([])
  })

  it('is inlined into the statements that call it (no function call per day row; migration 039)', async () => {
    const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
      `explain verbose select card_bill_month(d::date, c, 10)
         from generate_series(date '2026-01-01', date '2026-12-31', interval '1 day') d,
              generate_series(1, 31) c`,
    )
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n')
    expect(plan).toContain('lpad')
    expect(plan).not.toContain('card_bill_month')
  })
})
