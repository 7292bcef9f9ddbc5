import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

/** A plain, scrollable table of figures (the numbers behind a chart). */
export function DataTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string
  head: Array<{ label: string; numeric?: boolean }>
  rows: Array<{ key: string; cells: ReactNode[] }>
  testId?: string
}) {
  return (
    // On a phone a wide table scrolls sideways: the region takes focus so the keyboard can too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
    <section tabIndex={0} aria-label={caption} className="overflow-x-auto focus-visible:outline-2">
      <table className="w-full min-w-max border-collapse text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            {head.map((h) => (
              <th
                key={h.label}
                scope="col"
                className={cn('px-2 py-2 font-medium', h.numeric && 'text-right')}
              >
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0">
              {row.cells.map((cell, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  key={i}
                  className={cn('px-2 py-1.5', head[i]?.numeric && 'text-right tabular-nums')}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
