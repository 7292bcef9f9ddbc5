import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type DateDirection,
  type DateExpr,
  addDays,
  resolveDate,
  saoPauloToday,
  weekdayOf,
} from './dates.ts'
import { findDate } from './find-date.ts'

const WEDNESDAY = '2026-11-18'
const NOW = new Date('2026-11-18T15:00:00Z')

describe('resolveDate', () => {
  it.each<[string, DateExpr, DateDirection, string | null]>([
    [WEDNESDAY, { kind: 'relative', days: 0 }, 'backward', '2026-11-18'],
    [WEDNESDAY, { kind: 'relative', days: -1 }, 'backward', '2026-11-17'],
    [WEDNESDAY, { kind: 'relative', days: -2 }, 'backward', '2026-11-16'],
    [WEDNESDAY, { kind: 'relative', days: 1 }, 'forward', '2026-11-19'],
    [WEDNESDAY, { kind: 'day', day: 15 }, 'backward', '2026-11-15'],
    [WEDNESDAY, { kind: 'day', day: 18 }, 'backward', '2026-11-18'],
    [WEDNESDAY, { kind: 'day', day: 25 }, 'backward', '2026-10-25'],
    [WEDNESDAY, { kind: 'day', day: 31 }, 'backward', '2026-10-31'],
    ['2026-12-18', { kind: 'day', day: 31 }, 'backward', '2026-10-31'],
    ['2026-03-10', { kind: 'day', day: 30 }, 'backward', '2026-01-30'],
    ['2026-03-10', { kind: 'day', day: 29 }, 'backward', '2026-01-29'],
    ['2028-03-10', { kind: 'day', day: 29 }, 'backward', '2028-02-29'],
    ['2026-01-05', { kind: 'day', day: 20 }, 'backward', '2025-12-20'],
    [WEDNESDAY, { kind: 'day', day: 10 }, 'forward', '2026-12-10'],
    [WEDNESDAY, { kind: 'day', day: 18 }, 'forward', '2026-11-18'],
    [WEDNESDAY, { kind: 'day', day: 30 }, 'forward', '2026-11-30'],
    [WEDNESDAY, { kind: 'day', day: 31 }, 'forward', '2026-12-31'],
    ['2027-01-31', { kind: 'day', day: 30 }, 'forward', '2027-03-30'],
    ['2026-12-20', { kind: 'day', day: 5 }, 'forward', '2027-01-05'],
    [WEDNESDAY, { kind: 'day', day: 0 }, 'backward', null],
    [WEDNESDAY, { kind: 'day', day: 32 }, 'forward', null],
    [WEDNESDAY, { kind: 'weekday', weekday: 1 }, 'backward', '2026-11-16'],
    [WEDNESDAY, { kind: 'weekday', weekday: 3 }, 'backward', '2026-11-18'],
    [WEDNESDAY, { kind: 'weekday', weekday: 4 }, 'backward', '2026-11-12'],
    [WEDNESDAY, { kind: 'weekday', weekday: 0 }, 'backward', '2026-11-15'],
    [WEDNESDAY, { kind: 'weekday', weekday: 6 }, 'backward', '2026-11-14'],
    [WEDNESDAY, { kind: 'weekday', weekday: 1 }, 'forward', '2026-11-23'],
    [WEDNESDAY, { kind: 'weekday', weekday: 3 }, 'forward', '2026-11-18'],
    [WEDNESDAY, { kind: 'weekday', weekday: 4 }, 'forward', '2026-11-19'],
    [WEDNESDAY, { kind: 'day_month', day: 15, month: 11 }, 'backward', '2026-11-15'],
    [WEDNESDAY, { kind: 'day_month', day: 18, month: 11 }, 'backward', '2026-11-18'],
    [WEDNESDAY, { kind: 'day_month', day: 25, month: 12 }, 'backward', '2025-12-25'],
    [WEDNESDAY, { kind: 'day_month', day: 29, month: 2 }, 'backward', '2024-02-29'],
    [WEDNESDAY, { kind: 'day_month', day: 5, month: 12 }, 'forward', '2026-12-05'],
    [WEDNESDAY, { kind: 'day_month', day: 5, month: 11 }, 'forward', '2027-11-05'],
    [WEDNESDAY, { kind: 'day_month', day: 29, month: 2 }, 'forward', '2028-02-29'],
    [WEDNESDAY, { kind: 'day_month', day: 31, month: 4 }, 'backward', null],
    [WEDNESDAY, { kind: 'day_month', day: 1, month: 13 }, 'backward', null],
    [WEDNESDAY, { kind: 'full', day: 15, month: 11, year: 2026 }, 'backward', '2026-11-15'],
    [WEDNESDAY, { kind: 'full', day: 29, month: 2, year: 2028 }, 'backward', '2028-02-29'],
    [WEDNESDAY, { kind: 'full', day: 29, month: 2, year: 2027 }, 'backward', null],
    [WEDNESDAY, { kind: 'full', day: 31, month: 4, year: 2026 }, 'forward', null],
  ])('from %s, %j %s → %s', (today, expr, direction, expected) => {
    expect(resolveDate(expr, today, direction)).toBe(expected)
  })
})

describe('findDate: dates as written, seen from Wednesday 18/11/2026', () => {
  it.each<[string, string | null]>([
    ['mercado 50', '2026-11-18'],
    ['hoje', '2026-11-18'],
    ['hj', '2026-11-18'],
    ['ontem', '2026-11-17'],
    ['anteontem', '2026-11-16'],
    ['antes de ontem', '2026-11-16'],
    ['amanhã', '2026-11-19'],
    ['depois de amanhã', '2026-11-20'],
    ['dia 15', '2026-11-15'],
    ['dia 25', '2026-10-25'],
    ['dia 31', '2026-10-31'],
    ['no dia 1', '2026-11-01'],
    ['15/11', '2026-11-15'],
    ['15/11/2026', '2026-11-15'],
    ['15/11/26', '2026-11-15'],
    ['15/11/2025', '2025-11-15'],
    ['5/1', '2026-01-05'],
    ['dia 05/11', '2026-11-05'],
    ['segunda', '2026-11-16'],
    ['segunda-feira', '2026-11-16'],
    ['segunda feira', '2026-11-16'],
    ['terça', '2026-11-17'],
    ['terca', '2026-11-17'],
    ['quarta', '2026-11-18'],
    ['quinta', '2026-11-12'],
    ['sexta', '2026-11-13'],
    ['sábado', '2026-11-14'],
    ['sabado', '2026-11-14'],
    ['domingo', '2026-11-15'],
    ['sexta passada', '2026-11-13'],
    ['na última sexta', '2026-11-13'],
    ['15 de novembro', '2026-11-15'],
    ['dia 10 de outubro', '2026-10-10'],
    ['3 de dezembro', '2025-12-03'],
    ['15 de novembro de 2025', '2025-11-15'],
    ['segunda via da conta', '2026-11-18'],
    ['31/04', null],
    ['30/02/2026', null],
  ])('%s → %s', (text, expected) => {
    expect(findDate(text, NOW, 'backward')).toBe(expected)
  })

  it.each<[string, string]>([
    ['vence dia 10', '2026-12-10'],
    ['vence 10', '2026-12-10'],
    ['vence dia 18', '2026-11-18'],
    ['vence segunda', '2026-11-23'],
    ['vence quarta', '2026-11-18'],
    ['vence 05/12', '2026-12-05'],
    ['vence 05/11', '2027-11-05'],
    ['vence hoje', '2026-11-18'],
    ['vence amanhã', '2026-11-19'],
  ])('due: %s → %s', (text, expected) => {
    expect(findDate(text, NOW, 'forward')).toBe(expected)
  })

  it.each<[string, string, string]>([
    ['2026-11-19T02:30:00Z', 'hoje', '2026-11-18'],
    ['2026-11-19T02:30:00Z', 'ontem', '2026-11-17'],
    ['2026-11-19T02:30:00Z', 'quarta', '2026-11-18'],
    ['2026-11-19T02:30:00Z', 'dia 18', '2026-11-18'],
    ['2026-11-19T02:30:00Z', 'dia 19', '2026-10-19'],
    ['2026-11-19T02:59:59Z', 'hoje', '2026-11-18'],
    ['2026-11-19T03:00:00Z', 'hoje', '2026-11-19'],
    ['2026-01-01T02:00:00Z', 'hoje', '2025-12-31'],
    ['2026-01-01T02:00:00Z', 'dia 31', '2025-12-31'],
  ])('near midnight in São Paulo: at %s, %s → %s', (instant, text, expected) => {
    expect(findDate(text, new Date(instant), 'backward')).toBe(expected)
  })
})

const isoDay = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2099, 11, 31) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10))

describe('date reader properties', () => {
  it("'dia N' backward is the most recent day N not after today", () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 1, max: 31 }), (today, day) => {
        const r = resolveDate({ kind: 'day', day }, today, 'backward')
        expect(r).not.toBeNull()
        if (r === null) return
        expect(r <= today).toBe(true)
        expect(Number(r.slice(8))).toBe(day)
        for (let d = addDays(r, 1); d <= today; d = addDays(d, 1))
          expect(Number(d.slice(8))).not.toBe(day)
      }),
      { numRuns: 500 },
    )
  })

  it("'dia N' forward is the next day N from today on", () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 1, max: 31 }), (today, day) => {
        const r = resolveDate({ kind: 'day', day }, today, 'forward')
        expect(r).not.toBeNull()
        if (r === null) return
        expect(r >= today).toBe(true)
        expect(Number(r.slice(8))).toBe(day)
        for (let d = today; d < r; d = addDays(d, 1)) expect(Number(d.slice(8))).not.toBe(day)
      }),
      { numRuns: 500 },
    )
  })

  it('a weekday resolves within the week on the right side of today', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: 0, max: 6 }), (today, weekday) => {
        const back = resolveDate({ kind: 'weekday', weekday }, today, 'backward') ?? ''
        const ahead = resolveDate({ kind: 'weekday', weekday }, today, 'forward') ?? ''
        expect(weekdayOf(back)).toBe(weekday)
        expect(weekdayOf(ahead)).toBe(weekday)
        expect(back <= today && back >= addDays(today, -6)).toBe(true)
        expect(ahead >= today && ahead <= addDays(today, 6)).toBe(true)
      }),
    )
  })

  it('dd/mm resolves to that day and month, on the right side of today', () => {
    fc.assert(
      fc.property(
        isoDay,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (today, month, day) => {
          const back = resolveDate({ kind: 'day_month', day, month }, today, 'backward') ?? ''
          const ahead = resolveDate({ kind: 'day_month', day, month }, today, 'forward') ?? ''
          expect(back.slice(5)).toBe(
            `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
          )
          expect(ahead.slice(5)).toBe(back.slice(5))
          expect(back <= today && back > addDays(today, -366)).toBe(true)
          expect(ahead >= today && ahead < addDays(today, 366)).toBe(true)
        },
      ),
    )
  })

  it('the São Paulo day is UTC−3 (no DST since 2019), whatever the server TZ', () => {
    const from = Date.UTC(2020, 0, 1)
    const to = Date.UTC(2035, 0, 1)
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), (ms) => {
        expect(saoPauloToday(new Date(ms))).toBe(
          new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10),
        )
      }),
      { numRuns: 1000 },
    )
  })
})
