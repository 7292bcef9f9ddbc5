import { emailSchema } from '@equilibrai/shared'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/lib/notify'
import { requestPasswordReset } from '../api/request-password-reset'
import { FormField } from './form-field'

export const RESET_REQUESTED_MESSAGE =
  'Se houver uma conta com este email, enviamos um link para redefinir a senha.'

/**
 * 'Esqueci minha senha' (the spec has the call but leaves the screen open): one field, and the
 * same answer whether or not the e-mail has an account.
 */
export function ForgotPasswordForm({
  busy,
  run,
  initialEmail,
  onBack,
}: {
  busy: boolean
  run: (task: () => Promise<void>) => Promise<void>
  initialEmail: string
  onBack: () => void
}) {
  const [email, setEmail] = useState(initialEmail)
  const [invalid, setInvalid] = useState(false)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const parsed = emailSchema.safeParse(email.trim())
    if (!parsed.success) {
      setInvalid(true)
      document.getElementById('esqueci-email')?.focus()
      toastError(undefined, 'Email inválido')
      return
    }
    void run(async () => {
      try {
        await requestPasswordReset(parsed.data)
      } catch (error) {
        toastError(error)
        return
      }
      toastSuccess(RESET_REQUESTED_MESSAGE)
      onBack()
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
      <div className="space-y-1">
        <h2 className="font-semibold text-lg">Esqueceu sua senha?</h2>
        <p className="text-muted-foreground text-sm">
          Informe o email da sua conta e enviaremos um link para você criar uma nova senha.
        </p>
      </div>
      <FormField
        id="esqueci-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="seu@email.com"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value)
          setInvalid(false)
        }}
        invalid={invalid}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Enviando...' : 'Enviar link'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" disabled={busy} onClick={onBack}>
        Voltar para o login
      </Button>
    </form>
  )
}
