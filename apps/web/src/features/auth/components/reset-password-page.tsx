import { type ResetPasswordInput, resetPasswordSchema } from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { AppLink } from '@/components/app-link'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/variants'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'
import { toastFirstError } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { resetPassword } from '../api/reset-password'
import { AuthLayout } from './auth-layout'

export const PASSWORD_RESET_MESSAGE = 'Senha redefinida com sucesso! Entre com sua nova senha.'

/**
 * /reset-password, the e-mailed link's target (its content is left open by the spec): a new
 * password and its confirmation, the sign-up rules, a toast, then /auth. A bad or used link
 * (`?error=`, or no token) says so and offers a new one.
 */
export function ResetPasswordPage() {
  usePageTitle('Redefinir senha')
  const [params] = useSearchParams()
  const token = params.get('token')
  const linkBroken = !token || params.has('error')
  const navigate = useNavigate()
  const { clear } = useAuth()
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const [busy, setBusy] = useState(false)

  async function onValid({ password }: ResetPasswordInput) {
    if (busy || !token) return
    setBusy(true)
    try {
      await resetPassword({ token, newPassword: password })
    } catch (error) {
      toastError(error)
      setBusy(false)
      return
    }
    // The server ended every session of the account: sign in again with the new password.
    clear()
    toastSuccess(PASSWORD_RESET_MESSAGE)
    navigate('/auth', { replace: true })
  }

  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <h1 className="font-semibold text-xl leading-tight tracking-tight">Redefinir senha</h1>
          <CardDescription>
            {linkBroken
              ? 'Este link de redefinição é inválido, já foi usado ou expirou.'
              : 'Escolha uma nova senha para a sua conta.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {linkBroken ? (
            <AppLink to="/auth?esqueci=1" className={buttonVariants({ className: 'w-full' })}>
              Pedir um novo link
            </AppLink>
          ) : (
            <form
              onSubmit={form.handleSubmit(onValid, toastFirstError)}
              noValidate
              className="space-y-4"
              aria-busy={busy}
            >
              <FormField
                id="redefinir-password"
                label="Nova senha"
                type="password"
                autoComplete="new-password"
                invalid={Boolean(errors.password)}
                {...form.register('password')}
                hint="Mínimo 8 caracteres, 1 maiúscula, 1 número"
              />
              <FormField
                id="redefinir-confirmPassword"
                label="Confirmar nova senha"
                type="password"
                autoComplete="new-password"
                invalid={Boolean(errors.confirmPassword)}
                {...form.register('confirmPassword')}
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? 'Salvando...' : 'Redefinir senha'}
              </Button>
              <AppLink
                to="/auth"
                className={buttonVariants({ variant: 'ghost', className: 'w-full' })}
              >
                Voltar para o login
              </AppLink>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  )
}
