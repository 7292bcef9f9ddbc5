import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { skeletonClass } from './variants'

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(skeletonClass, className)}
      {...props}
    />
  )
}
