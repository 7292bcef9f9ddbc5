import { type DeleteAccountInput, deleteAccountSchema } from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toastError, toastSuccess } from '@/lib/notify'
import { ACCOUNT_DELETED_MESSAGE, useDeleteAccount } from '../api/delete-account'

/**
 * 'Excluir minha conta': the password confirms it is the person (an account that only signs in
 * with Google or GitHub leaves it empty and needs a sign-in from the last 5 minutes). After the
 * deletion the page reloads at the home page: nothing of the session is left to show.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Excluir minha conta</DialogTitle>
          <DialogDescription>
            Isto apaga para sempre seu perfil, seus lançamentos, contas e orçamentos, o vínculo com
            o WhatsApp e as mensagens guardadas, e cancela na hora qualquer assinatura paga. Não dá
            para desfazer. Se quiser, baixe seus dados antes.
          </DialogDescription>
        </DialogHeader>
        {open && <DeleteAccountForm onCancel={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const id = useId()
  const remove = useDeleteAccount()
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  })

  function onValid({ password }: DeleteAccountInput) {
    remove.mutate(password ? { password } : {}, {
      onSuccess: () => {
        toastSuccess(ACCOUNT_DELETED_MESSAGE)
        window.location.assign('/')
      },
      onError: (error) => toastError(error, 'Não foi possível excluir sua conta.'),
    })
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, (errors) =>
        toastError(undefined, errors.password?.message ?? 'Dados inválidos'),
      )}
      noValidate
      className="space-y-4"
      aria-busy={remove.isPending}
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-password`}>Sua senha</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
        <p className="text-muted-foreground text-sm">
          Entra só com Google ou GitHub? Deixe em branco: basta ter entrado há menos de 5 minutos.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={remove.isPending}>
          Cancelar
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Excluindo...' : 'Excluir minha conta'}
        </Button>
      </DialogFooter>
    </form>
  )
}
