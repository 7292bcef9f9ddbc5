import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/**
 * A native <label>: Radix's Label only adds double-click selection handling, not worth its
 * bytes on the landing page.
 */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
    <label
      data-slot="label"
      className={cn(
        'font-medium text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      {...props}
    />
  )
}
