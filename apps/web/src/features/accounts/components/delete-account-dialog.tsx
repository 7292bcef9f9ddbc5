import { FormError } from '@/components/form-error'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import type { Account } from '@equilibrai/shared'
import { toastSuccess } from '@/lib/notify'
import { useDeleteAccount } from '../api/delete-account'

/**
 * Asks before deleting; an account in use is refused by the server (409) with its reason,
 * shown here, and the way out (archiving) named in the description.
 */
export function DeleteAccountDialog({
  account,
  onClose,
}: {
  account: Account | null
  onClose: () => void
}) {
  const remove = useDeleteAccount()
  function close() {
    remove.reset()
    onClose()
  }
  return (
    <Dialog open={account !== null} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Excluir conta?</DialogTitle>
          <DialogDescription>
            {account
              ? `“${account.name}” será excluída. Só é possível excluir uma conta sem lançamentos nem transferências; uma conta em uso pode ser arquivada.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <FormError error={remove.error} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending || account === null}
            onClick={() =>
              account &&
              remove.mutate(account.id, {
                onSuccess: () => {
                  toastSuccess('Conta excluída.')
                  close()
                },
              })
            }
          >
            {remove.isPending ? 'Excluindo...' : 'Excluir'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
