import { formatBRL } from '@equilibrai/shared'
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  CreditCardIcon,
  PencilIcon,
  Trash2Icon,
} from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ACCOUNT_KIND_LABELS, type Account, type Invoice } from '@equilibrai/shared'
import { cn } from '@/lib/cn'
import { accountLabel } from '@/lib/get-accounts'
import { CardBills } from './card-bills'

/** What a card can still spend: its limit minus what is owed (its balance is minus the debt). */
export function availableLimit(card: Account): number | null {
  return card.limit_cents === null ? null : card.limit_cents + Math.min(0, card.balance_cents)
}

/** One account: its balance, a card's limit and bills, and what can be done with it. */
export function AccountTile({
  account,
  busy,
  onEdit,
  onArchive,
  onDelete,
  onPay,
}: {
  account: Account
  busy: boolean
  onEdit: () => void
  onArchive: (archived: boolean) => void
  onDelete: () => void
  onPay: (invoice: Invoice) => void
}) {
  const card = account.kind === 'credit_card'
  const [showBills, setShowBills] = useState(card && !account.archived)
  const available = card ? availableLimit(account) : null
  const name = accountLabel(account)
  return (
    <Card data-testid="account-tile" aria-label={name} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 pb-2">
        <div className="min-w-0 space-y-1">
          <CardTitle as="h3" className="flex items-center gap-2 break-words">
            {card && <CreditCardIcon aria-hidden="true" className="size-4 shrink-0" />}
            <span className="min-w-0 break-words">{name}</span>
          </CardTitle>
          <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-sm">
            {ACCOUNT_KIND_LABELS[account.kind]}
            {account.is_default && <Badge variant="secondary">Principal</Badge>}
            {account.archived && <Badge variant="outline">Arquivada</Badge>}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={`Editar ${name}`}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
          {!account.is_default && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              disabled={busy}
              onClick={() => onArchive(!account.archived)}
              aria-label={`${account.archived ? 'Reativar' : 'Arquivar'} ${name}`}
            >
              {account.archived ? (
                <ArchiveRestoreIcon aria-hidden="true" />
              ) : (
                <ArchiveIcon aria-hidden="true" />
              )}
            </Button>
          )}
          {!account.is_default && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={onDelete}
              aria-label={`Excluir ${name}`}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        <div>
          <p className="text-muted-foreground text-xs">
            {card ? 'Saldo (o que deve é negativo)' : 'Saldo'}
          </p>
          <p
            className={cn(
              'font-bold text-2xl tabular-nums',
              account.balance_cents < 0 && 'text-red-700 dark:text-red-400',
            )}
            data-testid="account-balance"
          >
            {formatBRL(account.balance_cents)}
          </p>
        </div>
        {card && (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground text-xs">Limite</dt>
              <dd className="tabular-nums">
                {account.limit_cents === null ? '—' : formatBRL(account.limit_cents)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Disponível</dt>
              <dd className="tabular-nums" data-testid="available-limit">
                {available === null ? '—' : formatBRL(available)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Fecha</dt>
              <dd>dia {account.closing_day}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">Vence</dt>
              <dd>dia {account.due_day}</dd>
            </div>
          </dl>
        )}
        {card && (
          <section aria-label={`Faturas de ${name}`} className="space-y-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={showBills}
              onClick={() => setShowBills((v) => !v)}
            >
              {showBills ? 'Esconder faturas' : 'Ver faturas'}
            </Button>
            {showBills && <CardBills card={account} onPay={onPay} />}
          </section>
        )}
      </CardContent>
    </Card>
  )
}
