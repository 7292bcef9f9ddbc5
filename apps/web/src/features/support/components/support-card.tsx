import {
  formatDatePtBR,
  SUPPORT_TIER_LABELS,
  type SupportRequestInput,
  supportRequestSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { LifeBuoyIcon, UserRoundIcon } from 'lucide-react'
import { useId } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { toastError, toastSuccess } from '@/lib/notify'
import { useCreateSupportRequest } from '../api/create-support-request'
import { useSupportRequests } from '../api/get-support-requests'

const TIER_TEXT = {
  dedicated: 'Atendimento dedicado: sua solicitação é a primeira da fila.',
  priority: 'Atendimento prioritário: sua solicitação passa à frente do atendimento padrão.',
  standard: 'Respondemos por ordem de chegada, por e-mail e aqui no painel.',
} as const

/** The dashboard's 'Suporte' card: ask, see the answers, and (Empresas 15) the account manager. */
export function SupportCard() {
  const id = useId()
  const overview = useSupportRequests()
  const create = useCreateSupportRequest()
  const form = useForm<SupportRequestInput>({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: { subject: '', message: '' },
  })
  function onValid(values: SupportRequestInput) {
    create.mutate(values, {
      onSuccess: () => {
        toastSuccess('Solicitação enviada! Responderemos por e-mail e aqui no painel.')
        form.reset()
      },
    })
  }
  function onInvalid(errors: FieldErrors<SupportRequestInput>) {
    toastError(undefined, errors.subject?.message ?? errors.message?.message ?? 'Dados inválidos')
  }
  const data = overview.data
  return (
    <Card id="suporte">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <LifeBuoyIcon aria-hidden="true" className="size-5" />
          Suporte
          {data && <Badge variant="secondary">{SUPPORT_TIER_LABELS[data.tier]}</Badge>}
        </CardTitle>
        <CardDescription>
          {data ? TIER_TEXT[data.tier] : 'Fale com a nossa equipe.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {data?.account_manager && (
          <section className="rounded-lg border p-3 text-sm" aria-label="Seu gerente de conta">
            <p className="flex items-center gap-2 font-medium">
              <UserRoundIcon aria-hidden="true" className="size-4" />
              Seu gerente de conta: {data.account_manager.name}
            </p>
            <p className="text-muted-foreground [overflow-wrap:anywhere]">
              <a
                className="underline-offset-4 hover:underline"
                href={`mailto:${data.account_manager.email}`}
              >
                {data.account_manager.email}
              </a>{' '}
              ·{' '}
              <a
                className="underline-offset-4 hover:underline"
                href={`https://wa.me/${data.account_manager.whatsapp}`}
                target="_blank"
                rel="noreferrer"
              >
                WhatsApp
              </a>
            </p>
          </section>
        )}
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-3">
          <div className="space-y-2">
            <Label htmlFor={`${id}-subject`}>Assunto</Label>
            <Input id={`${id}-subject`} maxLength={150} {...form.register('subject')} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-message`}>Mensagem</Label>
            <textarea
              id={`${id}-message`}
              rows={3}
              maxLength={5000}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm"
              {...form.register('message')}
            />
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Enviando...' : 'Enviar solicitação'}
          </Button>
        </form>
        {overview.isPending && <Skeleton className="h-12 w-full" />}
        {data && data.data.length > 0 && (
          <ul className="space-y-3" aria-label="Suas solicitações">
            {data.data.map((r) => (
              <li key={r.id} className="rounded-lg border p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {r.subject}
                  <Badge variant={r.status === 'answered' ? 'default' : 'outline'}>
                    {r.status === 'answered' ? 'Respondida' : 'Aguardando resposta'}
                  </Badge>
                </p>
                <p className="text-muted-foreground text-xs">{formatDatePtBR(r.created_at)}</p>
                {r.answer && (
                  <p className="mt-2 whitespace-pre-wrap">
                    <span className="font-medium">Resposta: </span>
                    {r.answer}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
