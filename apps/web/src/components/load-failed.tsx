import { RefreshCwIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'

/**
 * What a card or list shows when its data did not load (spec §8: no toast for failed queries):
 * 'Não foi possível carregar <what>.' and a retry. The one such message in the app.
 */
export function LoadFailed({
  what,
  onRetry,
  className,
}: {
  what: string
  onRetry: () => void
  className?: string
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3 text-sm', className)}>
      <p className="text-muted-foreground">Não foi possível carregar {what}.</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        Tentar novamente
      </Button>
    </div>
  )
}
