import type { LoginInput } from '@equilibrai/shared'
import { useForm } from 'react-hook-form'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { toastFirstError, trimmed } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { signInWithEmail } from '../api/sign-in'
import { login } from '../utils/lazy-auth-resolvers'

export const SIGN_IN_MESSAGE = 'Login realizado com sucesso!'

/**
 * Entrar: e-mail and password. The first broken rule is the toast (spec §5); the server's
 * answers already carry the spec's words (§8). Once signed in, `onSignedIn` moves the person
 * on to /dashboard, carrying `?plan=` (see auth-route.tsx and standalone-auth-page.tsx).
 */
export function LoginForm({
  busy,
  run,
  onForgotPassword,
  onSignedIn,
  initialEmail = '',
}: {
  busy: boolean
  run: (task: () => Promise<void>) => Promise<void>
  onForgotPassword: (email: string) => void
  onSignedIn: () => Promise<void>
  initialEmail?: string
}) {
  const form = useForm<LoginInput>({
    resolver: login.resolver,
    defaultValues: { email: initialEmail, password: '' },
  })
  const { errors } = form.formState

  function onValid(values: LoginInput) {
    if (busy) return
    void run(async () => {
      try {
        await signInWithEmail(values)
      } catch (error) {
        toastError(error)
        return
      }
      toastSuccess(SIGN_IN_MESSAGE)
      await onSignedIn()
    })
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      onFocus={login.preload}
      noValidate
      className="space-y-4"
      aria-busy={busy}
    >
      <FormField
        id="entrar-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="seu@email.com"
        invalid={Boolean(errors.email)}
        error={errors.email?.message}
        {...form.register('email', trimmed)}
      />
      <div className="space-y-2">
        <FormField
          id="entrar-password"
          label="Senha"
          type="password"
          autoComplete="current-password"
          placeholder="Sua senha"
          invalid={Boolean(errors.password)}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="text-right">
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0"
            disabled={busy}
            onClick={() => onForgotPassword(form.getValues('email').trim())}
          >
            Esqueci minha senha
          </Button>
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Entrando...' : 'Entrar'}
      </Button>
    </form>
  )
}
