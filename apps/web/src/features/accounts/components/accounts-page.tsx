import { ArrowLeftRightIcon, PlusIcon, WalletIcon } from 'lucide-react'
import { useState } from 'react'
import { AppLink } from '@/components/app-link'
import { LoadFailed } from '@/components/load-failed'
import { Button, buttonVariants } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import type { Account } from '@equilibrai/shared'
import { useAccounts } from '@/lib/get-accounts'
import { toastError, toastSuccess } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { useUpdateAccount } from '../api/update-account'
import { AccountFormDialog } from './account-form-dialog'
import { AccountTile } from './account-tile'
import { BankConnections } from './bank-connections'
import { DeleteAccountDialog } from './delete-account-dialog'
import { NetPosition } from './net-position'
import { PayBillDialog, type PayingBill } from './pay-bill-dialog'
import { TransferFormDialog } from './transfer-form-dialog'

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; account: Account }

/** /contas: every account's balance, the net position, cards' bills, transfers. */
export function AccountsPage() {
  usePageTitle('Minhas contas')
  const query = useAccounts()
  const archive = useUpdateAccount()
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' })
  const [deleting, setDeleting] = useState<Account | null>(null)
  const [paying, setPaying] = useState<PayingBill | null>(null)
  const [transferring, setTransferring] = useState(false)
  const accounts = query.data ?? []
  const active = accounts.filter((a) => !a.archived)
  const archived = accounts.filter((a) => a.archived)

  function setArchived(account: Account, next: boolean) {
    archive.mutate(
      { id: account.id, patch: { archived: next } },
      {
        onSuccess: () => toastSuccess(next ? 'Conta arquivada.' : 'Conta reativada.'),
        onError: (error) => toastError(error),
      },
    )
  }

  const tile = (account: Account) => (
    <AccountTile
      key={account.id}
      account={account}
      busy={archive.isPending}
      onEdit={() => setEditing({ mode: 'edit', account })}
      onArchive={(next) => setArchived(account, next)}
      onDelete={() => setDeleting(account)}
      onPay={(invoice) => setPaying({ card: account, invoice })}
    />
  )

  return (
    <main id="conteudo" className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Minhas contas</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <AppLink to="/financas" className={buttonVariants({ variant: 'outline' })}>
            <WalletIcon aria-hidden="true" />
            Lançamentos
          </AppLink>
          <Button type="button" variant="outline" onClick={() => setTransferring(true)}>
            <ArrowLeftRightIcon aria-hidden="true" />
            Transferir
          </Button>
          <Button type="button" onClick={() => setEditing({ mode: 'new' })}>
            <PlusIcon aria-hidden="true" />
            Nova conta
          </Button>
        </div>
      </header>

      {query.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <LoadFailed what="as contas" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <NetPosition accounts={accounts} />
          <section aria-labelledby="contas-ativas" className="space-y-3">
            <h2 id="contas-ativas" className="font-semibold text-lg">
              Contas e cartões
            </h2>
            <div
              className="grid grid-cols-1 items-start gap-4 md:grid-cols-2"
              data-testid="active-accounts"
            >
              {active.map(tile)}
            </div>
          </section>
          <BankConnections />
          {archived.length > 0 && (
            <details className="rounded-xl border p-4" data-testid="archived-accounts">
              <summary className="cursor-pointer font-semibold">
                Contas arquivadas ({archived.length})
              </summary>
              <p className="mt-2 text-muted-foreground text-sm">
                Guardadas com o histórico; não aparecem para novos lançamentos.
              </p>
              <div className="mt-3 grid grid-cols-1 items-start gap-4 md:grid-cols-2">
                {archived.map(tile)}
              </div>
            </details>
          )}
        </>
      )}

      <AccountFormDialog
        open={editing.mode !== 'closed'}
        account={editing.mode === 'edit' ? editing.account : null}
        onClose={() => setEditing({ mode: 'closed' })}
      />
      <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />
      <TransferFormDialog
        open={transferring}
        accounts={active}
        onClose={() => setTransferring(false)}
      />
      <PayBillDialog
        paying={paying}
        accounts={active.filter((a) => a.kind !== 'credit_card')}
        onClose={() => setPaying(null)}
      />
    </main>
  )
}
