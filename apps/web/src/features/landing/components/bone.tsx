import { clsx } from 'clsx'
import { skeletonClass } from '@/components/ui/variants'

/** A skeleton block without tailwind-merge, for the landing page's first paint (lib/cn.ts). */
export function Bone({ className }: { className: string }) {
  return <div aria-hidden="true" className={clsx(skeletonClass, className)} />
}
