import {
  type Category,
  type EntryType,
  isCategory,
  isRealDate,
  MAX_ENTRY_CENTS,
  monthRange,
  readTypedAmount,
} from '@equilibrai/shared'

/**
 * /financas's filters (issue 26), kept in the URL so they survive a reload and can be shared:
 * ?busca=, ?tipo=despesa|receita, ?categoria= (a slug, or c<id> for one's own), ?membro=, ?conta=, ?min= and ?max= (amounts as
 * typed: '23', '1.500', '23,50' — the one amount reader of packages/shared), ?de= and ?ate=
 * (days; they replace the month's range).
 */
export type FinanceFilters = {
  busca?: string
  tipo?: EntryType
  /** A default category's slug, or 'c<id>' for a category of one's own. */
  categoria?: Category | `c${number}`
  membro?: string
  conta?: number
  min?: string
  max?: string
  de?: string
  ate?: string
}

const TYPES: Record<string, EntryType> = { despesa: 'expense', receita: 'income' }
export const TYPE_PARAM: Record<EntryType, string> = { expense: 'despesa', income: 'receita' }

const day = (v: string | null) => (v !== null && isRealDate(v) ? v : undefined)
const text = (v: string | null) => {
  const t = v?.trim()
  return t ? t.slice(0, 100) : undefined
}

/** The filters a URL holds; anything unreadable is simply not a filter. */
export function readFilters(params: URLSearchParams): FinanceFilters {
  const conta = Number(params.get('conta'))
  const categoria = params.get('categoria')
  const min = text(params.get('min'))
  const max = text(params.get('max'))
  return {
    busca: text(params.get('busca')),
    tipo: TYPES[params.get('tipo') ?? ''],
    categoria:
      categoria !== null && (isCategory(categoria) || /^c[1-9]\d{0,14}$/.test(categoria))
        ? (categoria as FinanceFilters['categoria'])
        : undefined,
    membro: text(params.get('membro')),
    conta: Number.isSafeInteger(conta) && conta > 0 ? conta : undefined,
    min: min !== undefined && readTypedAmount(min) !== null ? min : undefined,
    max: max !== undefined && readTypedAmount(max) !== null ? max : undefined,
    de: day(params.get('de')),
    ate: day(params.get('ate')),
  }
}

/** The URL's query for a month and its filters (the current month is left out). */
export function filtersToParams(
  month: string | undefined,
  filters: FinanceFilters,
): Record<string, string> {
  const out: Record<string, string> = {}
  if (month) out.mes = month
  if (filters.busca) out.busca = filters.busca
  if (filters.tipo) out.tipo = TYPE_PARAM[filters.tipo]
  if (filters.categoria) out.categoria = filters.categoria
  if (filters.membro) out.membro = filters.membro
  if (filters.conta !== undefined) out.conta = String(filters.conta)
  if (filters.min) out.min = filters.min
  if (filters.max) out.max = filters.max
  if (filters.de) out.de = filters.de
  if (filters.ate) out.ate = filters.ate
  return out
}

/** Whether anything but the month (and the account, which has its own note) narrows the page. */
export function narrowsEntries(f: FinanceFilters): boolean {
  return Boolean(f.busca || f.tipo || f.categoria || f.min || f.max || f.de || f.ate)
}

export function hasFilters(f: FinanceFilters): boolean {
  return narrowsEntries(f) || Boolean(f.membro) || f.conta !== undefined
}

/** What GET /api/v1/transactions and /totals are asked, for the month and the filters. */
export function apiFilterParams(month: string, f: FinanceFilters): URLSearchParams {
  const range = monthRange(month)
  let from = f.de ?? range.from
  let to = f.ate ?? range.to
  if (from > to) [from, to] = [to, from]
  const params = new URLSearchParams({ from, to })
  if (f.busca) params.set('q', f.busca)
  if (f.tipo) params.set('type', f.tipo)
  if (f.categoria?.startsWith('c')) params.set('custom_category_id', f.categoria.slice(1))
  else if (f.categoria) params.set('category', f.categoria)
  if (f.membro) params.set('member', f.membro)
  if (f.conta !== undefined) params.set('account_id', String(f.conta))
  let min = f.min ? readTypedAmount(f.min) : null
  let max = f.max ? readTypedAmount(f.max) : null
  if (min !== null && max !== null && min > max) [min, max] = [max, min]
  if (min !== null) params.set('min_cents', String(Math.min(min, MAX_ENTRY_CENTS)))
  if (max !== null) params.set('max_cents', String(Math.min(max, MAX_ENTRY_CENTS)))
  return params
}
