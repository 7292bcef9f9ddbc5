import { clsx } from 'clsx'

/** The brand mark: a chat bubble holding an equals sign — balance, one message away. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9 7.5h14a3.5 3.5 0 0 1 3.5 3.5v8a3.5 3.5 0 0 1-3.5 3.5h-8.2L10 26.2v-3.7H9A3.5 3.5 0 0 1 5.5 19v-8A3.5 3.5 0 0 1 9 7.5Z"
        className="fill-primary-foreground"
      />
      <path
        d="M11 12.5h10M11 17h10"
        strokeWidth="2.2"
        strokeLinecap="round"
        className="stroke-primary"
      />
    </svg>
  )
}

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={clsx('inline-flex items-center gap-2 font-bold text-lg tracking-tight', className)}
    >
      <LogoMark />
      Equilibraí
    </span>
  )
}
