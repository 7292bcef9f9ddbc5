import {
  type AccountManagerInput,
  type AdminSupportRequest,
  accountManagerSchema,
  formatDatePtBR,
  SUPPORT_TIER_LABELS,
  supportAnswerSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeftIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { AppLink } from '@/components/app-link'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { toastError, toastSuccess } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { useAnswerSupportRequest } from '../api/answer-support-request'
import { type SupportQueueStatus, useAdminSupportRequests } from '../api/get-admin-support-requests'
import { useSetAccountManager } from '../api/set-account-manager'

/**
 * /admin/suporte: the support queue in the order it is served — dedicated (Empresas 15), then
 * priority (Empresas 2), then standard, oldest first within each — with each person's plan,
 * the answer form, and the account managers of Empresas 15 customers.
 */
export function AdminSupportPage() {
  usePageTitle('Suporte — Admin')
  const [status, setStatus] = useState<SupportQueueStatus>('open')
  const queue = useAdminSupportRequests(status)
  return (
    <main id="conteudo" className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <AppLink
          to="/admin"
          className={buttonVariants({ variant: 'link', size: 'sm', className: 'h-auto px-0' })}
        >
          <ArrowLeftIcon aria-hidden="true" />
          Voltar ao painel administrativo
        </AppLink>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Suporte</h1>
      </header>
      <fieldset className="flex gap-2" aria-label="Filtrar solicitações">
        <Button
          variant={status === 'open' ? 'default' : 'outline'}
          onClick={() => setStatus('open')}
        >
          Em aberto
        </Button>
        <Button
          variant={status === 'answered' ? 'default' : 'outline'}
          onClick={() => setStatus('answered')}
        >
          Respondidas
        </Button>
      </fieldset>
      {queue.isPending && <Skeleton className="h-40 w-full" />}
      {queue.isError && (
        <p role="alert" className="text-muted-foreground">
          Não foi possível carregar as solicitações.
        </p>
      )}
      {queue.data?.data.length === 0 && (
        <p className="text-muted-foreground">
          Nenhuma solicitação {status === 'open' ? 'em aberto' : 'respondida'}.
        </p>
      )}
      <ol className="space-y-4" aria-label="Fila de suporte">
        {queue.data?.data.map((r) => (
          <RequestItem key={r.id} request={r} />
        ))}
      </ol>
      <AccountManagerCard />
    </main>
  )
}

function RequestItem({ request }: { request: AdminSupportRequest }) {
  const id = useId()
  const answer = useAnswerSupportRequest()
  const form = useForm<{ answer: string }>({
    resolver: zodResolver(supportAnswerSchema),
    defaultValues: { answer: '' },
  })
  return (
    <li>
      <Card data-testid="support-request">
        <CardHeader>
          <CardTitle as="h2" className="flex flex-wrap items-center gap-2 text-base">
            {request.subject}
            <Badge variant={request.tier === 'standard' ? 'outline' : 'default'}>
              {SUPPORT_TIER_LABELS[request.tier]}
            </Badge>
            <Badge variant="secondary">{request.plan_name}</Badge>
          </CardTitle>
          <CardDescription className="[overflow-wrap:anywhere]">
            {request.name} · {request.email} · {formatDatePtBR(request.created_at)}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p className="whitespace-pre-wrap">{request.message}</p>
          {request.answer ? (
            <p className="whitespace-pre-wrap rounded-md bg-muted p-3">
              <span className="font-medium">Resposta: </span>
              {request.answer}
            </p>
          ) : (
            <form
              noValidate
              className="space-y-2"
              onSubmit={form.handleSubmit(
                (values) =>
                  answer.mutate(
                    { id: request.id, answer: values.answer },
                    { onSuccess: () => toastSuccess('Resposta enviada por e-mail') },
                  ),
                (errors) => toastError(undefined, errors.answer?.message ?? 'Resposta inválida'),
              )}
            >
              <Label htmlFor={`${id}-answer`}>Resposta</Label>
              <textarea
                id={`${id}-answer`}
                rows={3}
                maxLength={5000}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm"
                {...form.register('answer')}
              />
              <Button type="submit" size="sm" disabled={answer.isPending}>
                {answer.isPending ? 'Enviando...' : 'Responder'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </li>
  )
}

function AccountManagerCard() {
  const id = useId()
  const save = useSetAccountManager()
  const form = useForm<AccountManagerInput>({
    resolver: zodResolver(accountManagerSchema),
    defaultValues: { customer_email: '', name: '', email: '', whatsapp: '' },
  })
  function onInvalid(errors: FieldErrors<AccountManagerInput>) {
    const first = [errors.customer_email, errors.name, errors.email, errors.whatsapp].find(Boolean)
    toastError(undefined, first?.message ?? 'Dados inválidos')
  }
  const fields = [
    ['customer_email', 'E-mail do cliente (Empresas 15)', 'email'],
    ['name', 'Nome do gerente', 'text'],
    ['email', 'E-mail do gerente', 'email'],
    ['whatsapp', 'WhatsApp do gerente', 'tel'],
  ] as const
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Gerente de conta</CardTitle>
        <CardDescription>
          O cliente do plano Empresas 15 vê nome, e-mail e WhatsApp do gerente no painel.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={form.handleSubmit(
            (values) =>
              save.mutate(values, {
                onSuccess: () => {
                  toastSuccess('Gerente de conta salvo')
                  form.reset()
                },
              }),
            onInvalid,
          )}
        >
          {fields.map(([name, label, type]) => (
            <div key={name} className="space-y-2">
              <Label htmlFor={`${id}-${name}`}>{label}</Label>
              <Input id={`${id}-${name}`} type={type} {...form.register(name)} />
            </div>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar gerente'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
