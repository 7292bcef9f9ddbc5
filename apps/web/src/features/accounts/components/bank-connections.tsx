import type { Connection } from '@equilibrai/shared'
import { useQueryClient } from '@tanstack/react-query'
import { LandmarkIcon, PlusIcon, RefreshCwIcon, UnplugIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { LoadFailed } from '@/components/load-failed'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { invalidateBalances } from '@/lib/invalidate-balances'
import { toastError, toastSuccess } from '@/lib/notify'
import { useConnections, useSyncNow } from '../api/connections'
import { ConnectBankDialog, type Connecting } from './connect-bank-dialog'
import { dayOf, FAILING_STATUSES, statusText, syncedAt } from './connection-labels'
import { DisconnectBankDialog } from './disconnect-bank-dialog'

/** /contas, "Conexões bancárias": each bank connected through Open Finance and what it needs. */
export function BankConnections() {
  const query = useConnections()
  const queryClient = useQueryClient()
  const syncNow = useSyncNow()
  const [connecting, setConnecting] = useState<Connecting>(null)
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null)
  const connections = query.data ?? []

  // A sync that ends brings accounts and entries: read the balances again when none is syncing.
  const syncing = connections.some((c) => c.status === 'syncing')
  const wasSyncing = useRef(false)
  useEffect(() => {
    if (wasSyncing.current && !syncing) void invalidateBalances(queryClient)
    wasSyncing.current = syncing
  }, [syncing, queryClient])

  function sync(c: Connection) {
    syncNow.mutate(c.id, {
      onSuccess: () => toastSuccess(`Sincronizando ${c.institution}.`),
      onError: (error) => toastError(error),
    })
  }

  return (
    <section aria-labelledby="conexoes-bancarias" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="conexoes-bancarias" className="font-semibold text-lg">
          Conexões bancárias
        </h2>
        <Button type="button" variant="outline" onClick={() => setConnecting({ mode: 'new' })}>
          <PlusIcon aria-hidden="true" />
          Conectar banco
        </Button>
      </div>
      {query.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : query.isError ? (
        <LoadFailed what="as conexões bancárias" onRetry={() => void query.refetch()} />
      ) : connections.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Conecte seu banco pelo Open Finance e as contas e lançamentos dele chegam aqui sozinhos.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="bank-connections">
          {connections.map((c) => (
            <li key={c.id}>
              <Card data-testid="bank-connection" aria-label={c.institution} role="region">
                <CardHeader className="pb-2">
                  <CardTitle as="h3" className="flex items-center gap-2 break-words">
                    <LandmarkIcon aria-hidden="true" className="size-4 shrink-0" />
                    <span className="min-w-0 break-words">{c.institution}</span>
                  </CardTitle>
                </CardHeader>
                <CardContent className="space-y-3 text-sm">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge
                      variant={FAILING_STATUSES.has(c.status) ? 'destructive' : 'secondary'}
                      data-testid="connection-status"
                      className="whitespace-normal"
                    >
                      {statusText(c)}
                    </Badge>
                  </p>
                  {c.error && FAILING_STATUSES.has(c.status) && (
                    <p className="text-muted-foreground">{c.error}</p>
                  )}
                  <p className="text-muted-foreground" data-testid="connection-synced">
                    {c.last_synced_at
                      ? `Última sincronização: ${syncedAt(c.last_synced_at)}`
                      : 'Ainda não sincronizada'}
                  </p>
                  {c.consent_expires_at && (
                    <p className="text-muted-foreground" data-testid="connection-consent">
                      {Date.parse(c.consent_expires_at) <= Date.now()
                        ? `Consentimento venceu em ${dayOf(c.consent_expires_at)}`
                        : `Consentimento vence em ${dayOf(c.consent_expires_at)}`}
                    </p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    {c.status === 'needs_action' && c.mfa ? (
                      <Button
                        type="button"
                        size="sm"
                        onClick={() => setConnecting({ mode: 'code', connection: c })}
                      >
                        Informar código
                      </Button>
                    ) : FAILING_STATUSES.has(c.status) ? (
                      <Button
                        type="button"
                        size="sm"
                        onClick={() => setConnecting({ mode: 'reconnect', connection: c })}
                      >
                        Reconectar
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={c.status === 'syncing' || syncNow.isPending}
                      onClick={() => sync(c)}
                    >
                      <RefreshCwIcon aria-hidden="true" />
                      Sincronizar agora
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => setDisconnecting(c)}
                    >
                      <UnplugIcon aria-hidden="true" />
                      Desconectar
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConnectBankDialog connecting={connecting} onClose={() => setConnecting(null)} />
      <DisconnectBankDialog connection={disconnecting} onClose={() => setDisconnecting(null)} />
    </section>
  )
}
