import type { ReactNode } from 'react'

/**
 * A chart with its words: a figure whose caption says what the chart shows, for everyone;
 * the numbers themselves belong in a table next to it (the chart is hidden from screen
 * readers, see BarSeriesChart).
 */
export function ChartFrame({
  caption,
  children,
  className,
}: {
  caption: string
  children: ReactNode
  className?: string
}) {
  return (
    <figure className={className}>
      {children}
      <figcaption className="mt-2 text-muted-foreground text-xs">{caption}</figcaption>
    </figure>
  )
}
