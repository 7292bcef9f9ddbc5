import type { ForgotPasswordInput } from '@equilibrai/shared'
import { useForm } from 'react-hook-form'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { toastFirstError, trimmed } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { requestPasswordReset } from '../api/request-password-reset'
import { forgotPassword } from '../utils/lazy-auth-resolvers'

export const RESET_REQUESTED_MESSAGE =
  'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha.'

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
  const form = useForm<ForgotPasswordInput>({
    resolver: forgotPassword.resolver,
    defaultValues: { email: initialEmail },
  })

  function onValid({ email }: ForgotPasswordInput) {
    if (busy) return
    void run(async () => {
      try {
        await requestPasswordReset(email)
      } catch (error) {
        toastError(error)
        return
      }
      toastSuccess(RESET_REQUESTED_MESSAGE)
      onBack()
    })
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      onFocus={forgotPassword.preload}
      noValidate
      className="space-y-4"
      aria-busy={busy}
    >
      <div className="space-y-1">
        <h2 className="font-semibold text-lg">Esqueceu sua senha?</h2>
        <p className="text-muted-foreground text-sm">
          Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.
        </p>
      </div>
      <FormField
        id="esqueci-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="seu@email.com"
        invalid={Boolean(form.formState.errors.email)}
        {...form.register('email', trimmed)}
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
