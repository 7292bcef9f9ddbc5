import { firstIssueMessage, loginSchema } from '@equilibrai/shared'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/lib/notify'
import { signInWithEmail } from '../api/sign-in'
import { useAuth } from '../hooks/use-auth'
import { FormField } from './form-field'

export const SIGN_IN_MESSAGE = 'Login realizado com sucesso!'

type Field = 'email' | 'password'

/**
 * Entrar: e-mail and password. The first broken rule is the toast (spec §5); the server's
 * answers already carry the spec's words (§8). Once signed in, the route guard moves the
 * person on to /dashboard, carrying `?plan=`.
 */
export function LoginForm({
  busy,
  run,
  onForgotPassword,
}: {
  busy: boolean
  run: (task: () => Promise<void>) => Promise<void>
  onForgotPassword: (email: string) => void
}) {
  const { refresh } = useAuth()
  const [values, setValues] = useState({ email: '', password: '' })
  const [invalid, setInvalid] = useState<Field | null>(null)

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    if (invalid === field) setInvalid(null)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const parsed = loginSchema.safeParse({ ...values, email: values.email.trim() })
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0] as Field | undefined
      setInvalid(field ?? null)
      if (field) document.getElementById(`entrar-${field}`)?.focus()
      toastError(undefined, firstIssueMessage(parsed.error))
      return
    }
    void run(async () => {
      try {
        await signInWithEmail(parsed.data)
      } catch (error) {
        toastError(error)
        return
      }
      toastSuccess(SIGN_IN_MESSAGE)
      await refresh()
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
      <FormField
        id="entrar-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="seu@email.com"
        value={values.email}
        onChange={set('email')}
        invalid={invalid === 'email'}
      />
      <div className="space-y-2">
        <FormField
          id="entrar-password"
          label="Senha"
          type="password"
          autoComplete="current-password"
          placeholder="Sua senha"
          value={values.password}
          onChange={set('password')}
          invalid={invalid === 'password'}
        />
        <div className="text-right">
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto px-0"
            disabled={busy}
            onClick={() => onForgotPassword(values.email.trim())}
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
