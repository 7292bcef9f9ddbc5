import { formatBRL, type Transaction } from '@equilibrai/shared'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { toastSuccess } from '@/lib/notify'
import { useDeleteTransaction } from '../api/delete-transaction'
import { formatIsoDate } from '@/lib/iso-date'

/** Asks before deleting: a deleted entry cannot be brought back. */
export function DeleteTransactionDialog({
  entry,
  onClose,
}: {
  entry: Transaction | null
  onClose: () => void
}) {
  const { mutate, isPending } = useDeleteTransaction()
  return (
    <ConfirmDialog
      open={entry !== null}
      title="Excluir lançamento?"
      description={
        entry
          ? `“${entry.description}”, ${formatBRL(entry.amount_cents)} em ${formatIsoDate(entry.occurred_on)}. Esta ação não pode ser desfeita.`
          : ''
      }
      confirmLabel="Excluir"
      pendingLabel="Excluindo..."
      isPending={isPending}
      onClose={onClose}
      onConfirm={() =>
        entry &&
        mutate(entry.id, {
          onSuccess: () => {
            toastSuccess('Lançamento excluído.')
            onClose()
          },
        })
      }
    />
  )
}
