import { firstIssueMessage, signupSchema } from '@equilibrai/shared'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { toastError, toastSuccess } from '@/lib/notify'
import { signUpWithEmail } from '../api/sign-up'
import { FormField } from './form-field'

export const SIGN_UP_MESSAGE = 'Conta criada com sucesso! Verifique seu email.'

const EMPTY = { name: '', email: '', phone: '', password: '', confirmPassword: '' }
type Field = keyof typeof EMPTY

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
  const [values, setValues] = useState(EMPTY)
  const [invalid, setInvalid] = useState<Field | null>(null)

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }))
    if (invalid === field) setInvalid(null)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const parsed = signupSchema.safeParse({
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
    })
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path[0] as Field | undefined
      setInvalid(field ?? null)
      if (field) document.getElementById(`cadastrar-${field}`)?.focus()
      toastError(undefined, firstIssueMessage(parsed.error))
      return
    }
    const { name, email, phone, password } = parsed.data
    void run(async () => {
      try {
        await signUpWithEmail({ name, email, password, phone: phone || null }, plan)
      } catch (error) {
        toastError(error)
        return
      }
      toastSuccess(SIGN_UP_MESSAGE)
      setValues(EMPTY)
      setInvalid(null)
    })
  }

  const field = (name: Field) => ({
    id: `cadastrar-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    invalid: invalid === name,
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
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
