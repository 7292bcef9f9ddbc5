import type { Connection } from '@equilibrai/shared'
import { useState } from 'react'
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
import { toastSuccess } from '@/lib/notify'
import { useDisconnect } from '../api/connections'

/**
 * Disconnecting stops the sync; the person chooses whether what the connection brought
 * (accounts, entries, transfers) stays. Entries they typed are never deleted.
 */
export function DisconnectBankDialog({
  connection,
  onClose,
}: {
  connection: Connection | null
  onClose: () => void
}) {
  const remove = useDisconnect()
  const [deleteData, setDeleteData] = useState(false)
  function close() {
    remove.reset()
    setDeleteData(false)
    onClose()
  }
  return (
    <Dialog open={connection !== null} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Desconectar banco?</DialogTitle>
          <DialogDescription>
            {connection
              ? `${connection.institution} deixa de sincronizar. Escolha o que fazer com o que veio do banco. Os lançamentos que você digitou nunca são apagados.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="space-y-2 text-sm">
          <legend className="mb-2 font-medium">O que veio do banco</legend>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name="disconnect-data"
              className="mt-1"
              checked={!deleteData}
              onChange={() => setDeleteData(false)}
            />
            <span>Manter as contas e os lançamentos sincronizados</span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name="disconnect-data"
              className="mt-1"
              checked={deleteData}
              onChange={() => setDeleteData(true)}
            />
            <span>Apagar as contas, os lançamentos e as transferências sincronizados</span>
          </label>
        </fieldset>
        <FormError error={remove.error} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending || connection === null}
            onClick={() =>
              connection &&
              remove.mutate(
                { id: connection.id, deleteData },
                {
                  onSuccess: () => {
                    toastSuccess('Banco desconectado.')
                    close()
                  },
                },
              )
            }
          >
            {remove.isPending ? 'Desconectando…' : 'Desconectar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
