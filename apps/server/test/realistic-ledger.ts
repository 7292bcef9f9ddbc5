import type { Category } from '@equilibrai/shared'

/*
 * A realistic personal ledger for tests and benchmarks: what a São Paulo household spends in a
 * month (market trips, lunches, delivery, rides and fuel, rent and condo, utilities, gym,
 * subscriptions, a pet, the occasional doctor, clothes and outings), drawn from a seeded
 * generator so every run sees the same months. Amounts are spread like real receipts:
 * log-normal around a typical value, with the odd bigger one.
 */

export type SeedEntry = {
  amount_cents: number
  description: string
  category: Category
  occurred_on: string
}

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Item = {
  category: Category
  description: string
  /** Typical amount in reais and spread (log-normal sigma). */
  typical: number
  sigma: number
  /** Times per month (fractional: a chance). */
  perMonth: number
}

const ITEMS: Item[] = [
  { category: 'mercado', description: 'mercado', typical: 260, sigma: 0.35, perMonth: 4 },
  {
    category: 'mercado',
    description: 'padaria e hortifruti',
    typical: 45,
    sigma: 0.4,
    perMonth: 5,
  },
  { category: 'alimentacao', description: 'almoço', typical: 34, sigma: 0.2, perMonth: 18 },
  { category: 'alimentacao', description: 'ifood', typical: 62, sigma: 0.3, perMonth: 5 },
  { category: 'alimentacao', description: 'jantar fora', typical: 150, sigma: 0.3, perMonth: 2 },
  { category: 'transporte', description: 'uber', typical: 24, sigma: 0.45, perMonth: 10 },
  { category: 'transporte', description: 'gasolina', typical: 230, sigma: 0.15, perMonth: 2 },
  { category: 'moradia', description: 'aluguel', typical: 1800, sigma: 0, perMonth: 1 },
  { category: 'moradia', description: 'condomínio', typical: 620, sigma: 0.02, perMonth: 1 },
  { category: 'moradia', description: 'diarista', typical: 180, sigma: 0, perMonth: 2 },
  { category: 'contas_casa', description: 'luz', typical: 190, sigma: 0.15, perMonth: 1 },
  { category: 'contas_casa', description: 'água', typical: 95, sigma: 0.12, perMonth: 1 },
  { category: 'contas_casa', description: 'internet', typical: 99.9, sigma: 0, perMonth: 1 },
  { category: 'contas_casa', description: 'celular', typical: 65, sigma: 0, perMonth: 1 },
  { category: 'saude', description: 'farmácia', typical: 55, sigma: 0.6, perMonth: 2 },
  { category: 'saude', description: 'consulta', typical: 300, sigma: 0.2, perMonth: 0.4 },
  { category: 'lazer', description: 'cinema', typical: 70, sigma: 0.3, perMonth: 1.5 },
  { category: 'lazer', description: 'bar', typical: 110, sigma: 0.45, perMonth: 2 },
  { category: 'compras', description: 'roupa', typical: 180, sigma: 0.5, perMonth: 1.2 },
  { category: 'compras', description: 'presente', typical: 120, sigma: 0.4, perMonth: 0.6 },
  { category: 'cuidados_pessoais', description: 'academia', typical: 119.9, sigma: 0, perMonth: 1 },
  {
    category: 'cuidados_pessoais',
    description: 'cabeleireiro',
    typical: 70,
    sigma: 0.2,
    perMonth: 1,
  },
  { category: 'assinaturas', description: 'netflix', typical: 44.9, sigma: 0, perMonth: 1 },
  { category: 'assinaturas', description: 'spotify', typical: 21.9, sigma: 0, perMonth: 1 },
  { category: 'pets', description: 'ração', typical: 160, sigma: 0.1, perMonth: 1 },
  { category: 'pets', description: 'pet shop', typical: 60, sigma: 0.4, perMonth: 1 },
]

function normal(random: () => number): number {
  // Box–Muller.
  const u = 1 - random()
  const v = random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** One month (`YYYY-MM`) of entries, in date order. */
export function realisticMonth(month: string, random: () => number): SeedEntry[] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const out: SeedEntry[] = []
  for (const item of ITEMS) {
    let times = Math.floor(item.perMonth)
    if (random() < item.perMonth - times) times++
    for (let i = 0; i < times; i++) {
      const reais = item.typical * Math.exp(item.sigma * normal(random))
      const day = 1 + Math.floor(random() * days)
      out.push({
        amount_cents: Math.max(100, Math.round(reais * 100)),
        description: item.description,
        category: item.category,
        occurred_on: `${month}-${String(day).padStart(2, '0')}`,
      })
    }
  }
  return out.sort((a, b) => a.occurred_on.localeCompare(b.occurred_on))
}

/** `months` consecutive months from `first` (`YYYY-MM`). */
export function realisticLedger(first: string, months: number, seed: number): SeedEntry[] {
  const random = rng(seed)
  const out: SeedEntry[] = []
  let [y, m] = first.split('-').map(Number) as [number, number]
  for (let i = 0; i < months; i++) {
    out.push(...realisticMonth(`${y}-${String(m).padStart(2, '0')}`, random))
    m++
    if (m > 12) {
      m = 1
      y++
    }
  }
  return out
}
