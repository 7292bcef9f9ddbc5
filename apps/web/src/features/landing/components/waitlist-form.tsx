import { maskWhatsappInput } from '@equilibrai/shared'
import { SendIcon } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { HydratedFieldset } from '@/components/hydration-gates'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toastError, toastSuccess } from '@/lib/notify'
import { useJoinWaitlist, WAITLIST_SUCCESS_MESSAGE } from '../api/join-waitlist'
import { checkWaitlist, type WaitlistField } from '../utils/check-waitlist'
import { AppLink } from '@/components/app-link'

const EMPTY = { nome: '', whatsapp: '', email: '' }

function Required() {
  return (
    <span aria-hidden="true" className="text-destructive">
      {' '}
      *
    </span>
  )
}

export function WaitlistForm() {
  const [values, setValues] = useState(EMPTY)
  const [invalid, setInvalid] = useState<WaitlistField | null>(null)
  // Issue 26: each broken rule under its field, an empty required field included.
  const [errors, setErrors] = useState<Partial<Record<WaitlistField, string>>>({})
  const [joined, setJoined] = useState<string | null>(null)
  const { mutate, isPending } = useJoinWaitlist()
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    const value = field === 'whatsapp' ? maskWhatsappInput(event.target.value) : event.target.value
    setValues((current) => ({ ...current, [field]: value }))
    if (invalid === field) setInvalid(null)
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // Spec §5: with the name or the WhatsApp empty, submitting sends nothing; the fields say why.
    if (isPending) return
    if (!values.nome.trim() || !values.whatsapp.trim()) {
      const missing: Partial<Record<WaitlistField, string>> = {}
      if (!values.nome.trim()) missing.nome = 'Informe seu nome'
      if (!values.whatsapp.trim()) missing.whatsapp = 'Informe seu WhatsApp com DDD'
      setErrors(missing)
      const first = missing.nome ? 'nome' : 'whatsapp'
      setInvalid(first)
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
      return
    }
    const problem = checkWaitlist(values)
    if (problem) {
      setInvalid(problem.field)
      setErrors({ [problem.field]: problem.message })
      formRef.current?.querySelector<HTMLInputElement>(`[name="${problem.field}"]`)?.focus()
      toastError(undefined, problem.message)
      return
    }
    mutate(
      { nome: values.nome.trim(), whatssapp: values.whatsapp, email: values.email.trim() || null },
      {
        onSuccess: () => {
          toastSuccess(WAITLIST_SUCCESS_MESSAGE)
          setJoined(values.nome.trim())
          setValues(EMPTY)
        },
      },
    )
  }

  return (
    <form ref={formRef} method="post" onSubmit={onSubmit} noValidate aria-busy={isPending}>
      {/* Prerendered, hydrated when it nears the screen (ADR 018). */}
      <HydratedFieldset className="space-y-5">
        <div className="space-y-2">
          <Label htmlFor={`${id}-nome`}>
            Nome
            <Required />
          </Label>
          <Input
            id={`${id}-nome`}
            name="nome"
            autoComplete="name"
            placeholder="Como podemos te chamar?"
            value={values.nome}
            onChange={set('nome')}
            aria-required="true"
            aria-invalid={invalid === 'nome' || undefined}
            aria-describedby={errors.nome ? `${id}-nome-erro` : undefined}
            maxLength={100}
          />
          {errors.nome && (
            <p id={`${id}-nome-erro`} className="text-destructive text-xs">
              {errors.nome}
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-whatsapp`}>
            WhatsApp
            <Required />
          </Label>
          <Input
            id={`${id}-whatsapp`}
            name="whatsapp"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="(11) 99999-9999"
            value={values.whatsapp}
            onChange={set('whatsapp')}
            aria-required="true"
            aria-invalid={invalid === 'whatsapp' || undefined}
            aria-describedby={
              errors.whatsapp ? `${id}-whatsapp-erro ${id}-whatsapp-hint` : `${id}-whatsapp-hint`
            }
            maxLength={20}
          />
          {errors.whatsapp && (
            <p id={`${id}-whatsapp-erro`} className="text-destructive text-xs">
              {errors.whatsapp}
            </p>
          )}
          <p id={`${id}-whatsapp-hint`} className="text-muted-foreground text-xs">
            Com DDD. É por ele que o Equilibraí vai falar com você.
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-email`}>E-mail</Label>
          <Input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="voce@exemplo.com.br"
            value={values.email}
            onChange={set('email')}
            aria-invalid={invalid === 'email' || undefined}
            aria-describedby={errors.email ? `${id}-email-erro` : undefined}
          />
          {errors.email && (
            <p id={`${id}-email-erro`} className="text-destructive text-xs">
              {errors.email}
            </p>
          )}
        </div>
        {joined && (
          <p
            role="status"
            className="rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
            data-testid="waitlist-joined"
          >
            Pronto, {joined}! Você está na Lista VIP. Vamos avisar pelo WhatsApp quando abrir.
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={isPending}>
          <SendIcon aria-hidden="true" />
          {isPending ? 'Enviando...' : 'Quero entrar na Lista VIP'}
        </Button>
        <p className="text-center text-muted-foreground text-xs">
          <span aria-hidden="true">* </span>Campos obrigatórios. Usamos seus dados só para falar
          sobre o lançamento — veja a{' '}
          <AppLink to="/privacidade" className="underline underline-offset-2 hover:text-foreground">
            Política de Privacidade
          </AppLink>
          .
        </p>
      </HydratedFieldset>
    </form>
  )
}
