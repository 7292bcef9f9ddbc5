import { RefreshCwIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** A card's content when its data did not load (spec §8: no toast for failed queries). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-sm">
      <p className="text-muted-foreground">Não foi possível carregar {what}.</p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RefreshCwIcon aria-hidden="true" />
        Tentar novamente
      </Button>
    </div>
  )
}
