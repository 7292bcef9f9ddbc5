import { formatBRL, type MonthTotals } from '@equilibrai/shared'
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez']

function shortMonth(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`
}

function compactBRL(cents: number): string {
  const reais = cents / 100
  if (Math.abs(reais) >= 1000)
    return `R$ ${(reais / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mil`
  return `R$ ${reais.toLocaleString('pt-BR', { maximumFractionDigits: 0 })}`
}

/** Income and expenses per month as bars, the balance as a line (recharts). */
export function MonthSeriesChart({ months }: { months: MonthTotals[] }) {
  const data = months.map((m) => ({ ...m, label: shortMonth(m.month) }))
  return (
    <div className="h-72 w-full" role="img" aria-label="Entradas, saídas e saldo por mês">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={compactBRL} width={80} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => formatBRL(Number(value))} />
          <Legend />
          <Bar dataKey="income_cents" name="Entradas" fill="#059669" radius={[4, 4, 0, 0]} />
          <Bar dataKey="expense_cents" name="Saídas" fill="#dc2626" radius={[4, 4, 0, 0]} />
          <Line dataKey="balance_cents" name="Saldo" stroke="#2563eb" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
