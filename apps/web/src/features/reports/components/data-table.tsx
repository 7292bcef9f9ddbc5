import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

/**
 * A plain table of figures (the numbers behind a chart). On a phone each row is a card instead
 * (issue 26): label and value one under the other, nothing cut and no sideways scroll.
 */
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
    <section aria-label={caption}>
      <ul className="space-y-2 sm:hidden" data-testid={testId && `${testId}-cards`}>
        {rows.map((row) => (
          <li key={row.key} className="rounded-lg border bg-background p-3 text-sm">
            <dl className="space-y-1">
              {row.cells.map((cell, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                  key={i}
                  className={cn('flex justify-between gap-3', i === 0 && 'font-medium')}
                >
                  <dt className={cn('text-muted-foreground', i === 0 && 'sr-only')}>
                    {head[i]?.label}
                  </dt>
                  <dd
                    className={cn(
                      'min-w-0 break-words',
                      head[i]?.numeric && 'shrink-0 text-right tabular-nums',
                    )}
                  >
                    {cell}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <table className="hidden w-full border-collapse text-sm sm:table" data-testid={testId}>
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
