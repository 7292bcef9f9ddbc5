import { formatBRL, type Transaction } from '@equilibrai/shared'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toastSuccess } from '@/lib/notify'
import { useDeleteTransaction } from '../api/delete-transaction'
import { formatIsoDate } from '../utils/month'

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
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Excluir lançamento?</DialogTitle>
          <DialogDescription>
            {entry
              ? `“${entry.description}”, ${formatBRL(entry.amount_cents)} em ${formatIsoDate(entry.occurred_on)}. Esta ação não pode ser desfeita.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={isPending}>
            Cancelar
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={isPending || !entry}
            onClick={() =>
              entry &&
              mutate(entry.id, {
                onSuccess: () => {
                  toastSuccess('Lançamento excluído.')
                  onClose()
                },
              })
            }
          >
            {isPending ? 'Excluindo...' : 'Excluir'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
