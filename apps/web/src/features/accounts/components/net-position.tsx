import { formatBRL } from '@equilibrai/shared'
import { Card, CardContent } from '@/components/ui/card'
import type { Account } from '@equilibrai/shared'
import { cn } from '@/lib/cn'
import { netPosition } from '@/lib/get-accounts'

/** The sum of every balance (cards count as what is owed): what the person has, net. */
export function NetPosition({ accounts }: { accounts: Account[] }) {
  const total = netPosition(accounts)
  return (
    <Card>
      <CardContent className="flex flex-wrap items-baseline justify-between gap-2 pt-6">
        <div>
          <h2 className="font-semibold">Patrimônio líquido</h2>
          <p className="text-muted-foreground text-sm">
            A soma dos saldos, com o que deve nos cartões.
          </p>
        </div>
        <p
          className={cn(
            'font-bold text-3xl tabular-nums',
            total < 0 && 'text-red-700 dark:text-red-400',
          )}
          data-testid="net-position"
        >
          {formatBRL(total)}
        </p>
      </CardContent>
    </Card>
  )
}
