import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

/**
 * Joins class names and lets later Tailwind classes override earlier ones (shadcn's `cn`).
 *
 * tailwind-merge is ~8.5 KB gzip, too much for the landing page's 90 KB budget. So the code
 * that `/` loads before it paints (components/layout, the landing sections) never calls `cn`
 * or renders the ui components that do: it uses the variant helpers (`buttonVariants`,
 * `badgeVariants`, `cardClass`, `skeletonClass`) with `clsx`, and never passes a class that
 * conflicts with them. Everywhere else, use the components and `cn` as usual.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}
