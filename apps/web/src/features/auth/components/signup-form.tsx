import type { SignupInput } from '@equilibrai/shared'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { toastFirstError, trimmed } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { resendConfirmation } from '../api/resend-confirmation'
import { signUpWithEmail } from '../api/sign-up'
import { signup } from '../utils/lazy-auth-resolvers'

export const SIGN_UP_MESSAGE = 'Conta criada com sucesso! Verifique seu email.'

const EMPTY: SignupInput = { name: '', email: '', phone: '', password: '', confirmPassword: '' }

/**
 * After a sign-up: where the link went, a way to send it again, and a way back (issue 26).
 */
function CheckYourEmail({
  email,
  plan,
  busy,
  run,
  onBack,
}: {
  email: string
  plan: string | null
  busy: boolean
  run: (task: () => Promise<void>) => Promise<void>
  onBack: () => void
}) {
  const [resent, setResent] = useState(false)
  return (
    <section aria-labelledby="confira-email" className="space-y-4" data-testid="check-email">
      <h2 id="confira-email" className="font-semibold text-lg">
        Confira seu e-mail
      </h2>
      <p className="text-sm">
        Enviamos um link de confirmação para <strong>{email}</strong>. Abra o link para ativar sua
        conta e depois entre com seu e-mail e senha.
      </p>
      <p className="text-muted-foreground text-sm">
        Não chegou? Veja a caixa de spam ou peça outro link.
      </p>
      {resent && (
        <p role="status" className="text-sm">
          Link reenviado para {email}.
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              try {
                await resendConfirmation(email, plan)
              } catch (error) {
                toastError(error)
                return
              }
              setResent(true)
            })
          }
        >
          Reenviar e-mail
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={onBack}>
          Usar outro e-mail
        </Button>
      </div>
    </section>
  )
}

/**
 * Cadastrar (spec §2, §5): the fields and rules of the spec; the first broken rule is the
 * toast, and every broken rule shows under its field. After a sign-up the page says where the
 * confirmation link went, with a way to send it again. The server applies the same rules, and
 * also refuses the most common passwords.
 */
export function SignupForm({
  busy,
  run,
  plan,
  initialEmail = '',
}: {
  busy: boolean
  run: (task: () => Promise<void>) => Promise<void>
  plan: string | null
  initialEmail?: string
}) {
  const form = useForm<SignupInput>({
    resolver: signup.resolver,
    defaultValues: { ...EMPTY, email: initialEmail },
  })
  const { errors } = form.formState
  const [sentTo, setSentTo] = useState<string | null>(null)

  function onValid({ name, email, phone, password }: SignupInput) {
    if (busy) return
    void run(async () => {
      try {
        await signUpWithEmail({ name, email, password, phone: phone || null }, plan)
      } catch (error) {
        toastError(error)
        return
      }
      toastSuccess(SIGN_UP_MESSAGE)
      form.reset(EMPTY)
      setSentTo(email)
    })
  }

  if (sentTo) {
    return (
      <CheckYourEmail
        email={sentTo}
        plan={plan}
        busy={busy}
        run={run}
        onBack={() => setSentTo(null)}
      />
    )
  }

  const field = (name: keyof SignupInput) => ({
    id: `cadastrar-${name}`,
    invalid: Boolean(errors[name]),
    error: errors[name]?.message,
    ...form.register(name, name === 'password' || name === 'confirmPassword' ? {} : trimmed),
  })

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      onFocus={signup.preload}
      noValidate
      className="space-y-4"
      aria-busy={busy}
    >
      <FormField
        {...field('name')}
        label="Nome Completo"
        autoComplete="name"
        placeholder="Seu nome"
      />
      <FormField
        {...field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="seu@email.com"
      />
      <FormField
        {...field('phone')}
        label="Telefone (opcional)"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="(11) 99999-9999"
      />
      <FormField
        {...field('password')}
        label="Senha"
        type="password"
        autoComplete="new-password"
        placeholder="Crie uma senha"
        hint="Mínimo 8 caracteres, 1 maiúscula, 1 número"
      />
      <FormField
        {...field('confirmPassword')}
        label="Confirmar Senha"
        type="password"
        autoComplete="new-password"
        placeholder="Repita a senha"
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Criando conta...' : 'Criar conta'}
      </Button>
    </form>
  )
}
