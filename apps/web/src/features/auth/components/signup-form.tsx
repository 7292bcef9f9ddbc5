import { type SignupInput, signupSchema } from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { toastFirstError, trimmed } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { signUpWithEmail } from '../api/sign-up'

export const SIGN_UP_MESSAGE = 'Conta criada com sucesso! Verifique seu email.'

const EMPTY: SignupInput = { name: '', email: '', phone: '', password: '', confirmPassword: '' }

/**
 * Cadastrar (spec §2, §5): the fields and rules of the spec; the first broken rule is the
 * toast. After a sign-up the form is cleared and the person confirms the e-mail before signing
 * in. The server applies the same rules, and also refuses the most common passwords.
 */
export function SignupForm({
  busy,
  run,
  plan,
}: {
  busy: boolean
  run: (task: () => Promise<void>) => Promise<void>
  plan: string | null
}) {
  const form = useForm<SignupInput>({ resolver: zodResolver(signupSchema), defaultValues: EMPTY })
  const { errors } = form.formState

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
    })
  }

  const field = (name: keyof SignupInput) => ({
    id: `cadastrar-${name}`,
    invalid: Boolean(errors[name]),
    ...form.register(name, name === 'password' || name === 'confirmPassword' ? {} : trimmed),
  })

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
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
        {busy ? 'Criando conta...' : 'Criar Conta'}
      </Button>
    </form>
  )
}
