// The month helpers (currentMonth, isMonth, monthTitle, monthShortName) are the web's, in
// '@/lib/month'; this file keeps how the reports page words a change and a share.

const percent = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
})

/** The change from `previous` to `current`: '+15%', '−5%', or null when there is no base. */
export function changePercent(current: number, previous: number): string | null {
  if (previous === 0) return null
  return tightPercent(percent.format((current - previous) / previous))
}

/** '43 %' as the product writes it everywhere: '43%' (issue 26's glossary). */
export function tightPercent(text: string): string {
  return text.replace(/\s+%/, '%')
}

/** Share of a whole, '12%'. */
export function share(part: number, whole: number): string {
  return whole > 0
    ? tightPercent(
        new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(
          part / whole,
        ),
      )
    : '0%'
}
