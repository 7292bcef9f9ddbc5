import { firstIssueMessage, resetPasswordSchema } from '@equilibrai/shared'
import { type FormEvent, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { AppLink } from '@/components/app-link'
import { Button } from '@/components/ui/button'
import { buttonVariants } from '@/components/ui/variants'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { toastError, toastSuccess } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { resetPassword } from '../api/reset-password'
import { useAuth } from '../hooks/use-auth'
import { AuthLayout } from './auth-layout'
import { FormField } from './form-field'

export const PASSWORD_RESET_MESSAGE = 'Senha redefinida com sucesso! Entre com sua nova senha.'

type Field = 'password' | 'confirmPassword'

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
  const [values, setValues] = useState({ password: '', confirmPassword: '' })
  const [invalid, setInvalid] = useState<Field | null>(null)
  const [busy, setBusy] = useState(false)

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    if (invalid === field) setInvalid(null)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || !token) return
    const parsed = resetPasswordSchema.safeParse(values)
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0] as Field | undefined
      setInvalid(field ?? null)
      if (field) document.getElementById(`redefinir-${field}`)?.focus()
      toastError(undefined, firstIssueMessage(parsed.error))
      return
    }
    setBusy(true)
    try {
      await resetPassword({ token, newPassword: parsed.data.password })
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
            <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
              <FormField
                id="redefinir-password"
                label="Nova senha"
                type="password"
                autoComplete="new-password"
                value={values.password}
                onChange={set('password')}
                invalid={invalid === 'password'}
                hint="Mínimo 8 caracteres, 1 maiúscula, 1 número"
              />
              <FormField
                id="redefinir-confirmPassword"
                label="Confirmar nova senha"
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
                invalid={invalid === 'confirmPassword'}
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
