import type { EntryUsage } from '@equilibrai/shared'
import { AppLink } from '@/components/app-link'
import { buttonVariants } from '@/components/ui/button'
import { cn } from '@/lib/cn'

/** The plan's monthly entry limit, for limited plans: how many are left and the way out. */
export function UsageBanner({ usage }: { usage: EntryUsage | undefined }) {
  if (!usage || usage.limit === -1) return null
  const full = usage.used >= usage.limit
  const share = Math.min(1, usage.used / Math.max(1, usage.limit))
  return (
    <section
      aria-label="Limite do plano"
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between',
        full ? 'border-destructive/50 bg-destructive/5' : 'bg-muted/40',
      )}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-medium text-sm" data-testid="usage-text">
          {usage.used} de {usage.limit} lançamentos este mês
          <span className="font-normal text-muted-foreground"> · plano {usage.plan_name}</span>
        </p>
        <div
          className="h-2 w-full max-w-sm overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Lançamentos usados este mês"
          aria-valuemin={0}
          aria-valuemax={usage.limit}
          aria-valuenow={Math.min(usage.used, usage.limit)}
        >
          <div
            className={cn('h-full rounded-full', full ? 'bg-destructive' : 'bg-primary')}
            style={{ width: `${share * 100}%` }}
          />
        </div>
        {full && (
          <p className="text-sm" role="status">
            Você atingiu o limite do plano {usage.plan_name}. Assine um plano para lançar sem
            limite.
          </p>
        )}
      </div>
      <AppLink
        to="/dashboard#planos"
        className={buttonVariants({ variant: full ? 'default' : 'outline', size: 'sm' })}
      >
        {full ? 'Fazer upgrade' : 'Ver planos'}
      </AppLink>
    </section>
  )
}
