import { formatBRL } from '@equilibrai/shared'
import { ArrowRightIcon, LandmarkIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { LoadFailed } from '@/components/load-failed'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { accountLabel, netPosition, useAccounts } from '@/lib/get-accounts'

/** The dashboard's 'Saldos': each account in use and the net position, linking to /contas. */
export function BalancesCard() {
  const query = useAccounts()
  const accounts = query.data ?? []
  const active = accounts.filter((a) => !a.archived)
  return (
    <Card data-testid="balances-card">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          <LandmarkIcon aria-hidden="true" className="size-5" />
          Saldos
        </CardTitle>
        <Button asChild variant="outline" size="sm">
          <AppLink to="/contas">
            Minhas contas
            <ArrowRightIcon aria-hidden="true" />
          </AppLink>
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : query.isError ? (
          <LoadFailed what="os saldos" onRetry={() => void query.refetch()} />
        ) : (
          <>
            <ul className="divide-y text-sm" aria-label="Saldo de cada conta">
              {active.map((a) => (
                <li key={a.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 truncate">{accountLabel(a)}</span>
                  <span
                    className={cn(
                      'shrink-0 tabular-nums',
                      a.balance_cents < 0 && 'text-red-700 dark:text-red-400',
                    )}
                  >
                    {formatBRL(a.balance_cents)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex items-center justify-between gap-3 border-t pt-3 font-semibold">
              <span>Patrimônio líquido</span>
              <span className="tabular-nums" data-testid="dashboard-net-position">
                {formatBRL(netPosition(accounts))}
              </span>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  )
}
