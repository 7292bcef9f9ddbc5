import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  webhookEndpointCreateSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { WebhookIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Badge } from '@/components/ui/badge'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/form-field'
import { useAuth } from '@/lib/auth'
import { toastFirstError } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint'
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint'
import { useWebhookDeliveries } from '../api/get-webhook-deliveries'
import { useWebhookEndpoints } from '../api/get-webhook-endpoints'
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret'
import { useSendWebhookTest } from '../api/send-webhook-test'
import { formatDateTime, SecretReveal } from './secret-reveal'

const STATUS_LABELS = { pending: 'Pendente', succeeded: 'Entregue', failed: 'Falhou' } as const

/**
 * Webhooks: endpoints, their events, test event, secret rotation, delivery log, delete. The
 * ledger's owner also sees the members' endpoints (ARCHITECTURE §12), each with its creator, and
 * may only read their log and delete them: the test event and a new secret are the creator's
 * alone (they sign for them), so those buttons show on one's own endpoints only.
 */
export function WebhooksCard() {
  const me = useAuth().user?.id
  const endpoints = useWebhookEndpoints()
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null)
  const [log, setLog] = useState<WebhookEndpoint | null>(null)
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null)
  const test = useSendWebhookTest()
  const rotate = useRotateWebhookSecret()
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WebhookIcon aria-hidden="true" className="size-5" />
          Webhooks
        </CardTitle>
        <CardDescription>
          Receba no seu sistema um aviso assinado (cabeçalho <code>Equilibrai-Signature</code>) a
          cada lançamento, conta a vencer ou alerta de orçamento. Veja como verificar a assinatura
          na <a href="/docs/api">documentação da API</a>.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <CreateEndpointForm onCreated={(url, value) => setSecret({ url, value })} />
        {secret && (
          <SecretReveal label={`Segredo de assinatura de ${secret.url}`} value={secret.value} />
        )}
        {endpoints.isError && (
          <p role="alert" className="text-muted-foreground text-sm">
            Não foi possível carregar seus webhooks.
          </p>
        )}
        {endpoints.data && endpoints.data.data.length === 0 && (
          <p className="text-muted-foreground text-sm">Nenhum endpoint cadastrado ainda.</p>
        )}
        {endpoints.data && endpoints.data.data.length > 0 && (
          <ul className="divide-y rounded-lg border" aria-label="Endpoints de webhook">
            {endpoints.data.data.map((endpoint) => (
              <li key={endpoint.id} className="space-y-2 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <code className="min-w-0 break-all text-sm">{endpoint.url}</code>
                  {endpoint.disabled_at && (
                    <Badge variant="destructive">Desativado por falhas</Badge>
                  )}
                </div>
                <p className="text-muted-foreground text-xs">{creatorLine(endpoint, me)}</p>
                <div className="flex flex-wrap gap-1">
                  {endpoint.events.map((event) => (
                    <Badge key={event} variant="secondary">
                      {WEBHOOK_EVENT_LABELS[event]}
                    </Badge>
                  ))}
                </div>
                <div className="flex flex-wrap gap-2">
                  {isMine(endpoint, me) && (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={test.isPending}
                      onClick={() =>
                        test.mutate(endpoint.id, {
                          onSuccess: () => toastSuccess('Evento de teste enviado.'),
                          onError: (error) => toastError(error, 'Não foi possível enviar o teste.'),
                        })
                      }
                    >
                      Enviar evento de teste
                    </Button>
                  )}
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => setLog(endpoint)}
                  >
                    Histórico de entregas
                  </Button>
                  {isMine(endpoint, me) && (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={rotate.isPending}
                      onClick={() =>
                        rotate.mutate(endpoint.id, {
                          onSuccess: (rotated) => {
                            setSecret({ url: rotated.url, value: rotated.secret })
                            toastSuccess('Novo segredo gerado. O anterior deixou de valer.')
                          },
                          onError: (error) =>
                            toastError(error, 'Não foi possível gerar o segredo.'),
                        })
                      }
                    >
                      Gerar novo segredo
                    </Button>
                  )}
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => setDeleting(endpoint)}
                  >
                    Excluir
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <DeliveriesDialog endpoint={log} onClose={() => setLog(null)} />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </Card>
  )
}

/** Endpoints the signed-in person created: theirs to test and to give a new secret. */
function isMine(endpoint: WebhookEndpoint, me: string | undefined): boolean {
  return me !== undefined && endpoint.created_by?.id === me
}

function creatorLine(endpoint: WebhookEndpoint, me: string | undefined): string {
  if (!endpoint.created_by) return 'Cadastrado por uma conta excluída (não recebe eventos)'
  if (isMine(endpoint, me)) return 'Cadastrado por você'
  return `Cadastrado por ${endpoint.created_by.name}. Só quem cadastrou envia testes e gera um novo segredo; você pode ver o histórico e excluir.`
}

function CreateEndpointForm({ onCreated }: { onCreated: (url: string, secret: string) => void }) {
  const id = useId()
  const create = useCreateWebhookEndpoint()
  const form = useForm<WebhookEndpointCreate>({
    resolver: zodResolver(webhookEndpointCreateSchema) as never,
    defaultValues: { url: '', events: ['transaction.created'] },
  })
  function onValid(values: WebhookEndpointCreate) {
    create.mutate(values, {
      onSuccess: (created) => {
        onCreated(created.url, created.secret)
        form.reset()
        toastSuccess('Endpoint cadastrado.')
      },
      onError: (error) => toastError(error, 'Não foi possível cadastrar o endpoint.'),
    })
  }
  return (
    <form onSubmit={form.handleSubmit(onValid, toastFirstError)} noValidate className="space-y-3">
      <FormField
        id={`${id}-url`}
        label="URL do endpoint"
        type="url"
        inputMode="url"
        placeholder="https://seu-sistema.com.br/webhooks/equilibrai"
        invalid={Boolean(form.formState.errors.url)}
        {...form.register('url')}
      />
      <fieldset className="space-y-1.5">
        <legend className="font-medium text-sm">Eventos</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={event} {...form.register('events')} />
              {WEBHOOK_EVENT_LABELS[event]}{' '}
              <code className="text-muted-foreground text-xs">{event}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Cadastrando...' : 'Cadastrar endpoint'}
      </Button>
    </form>
  )
}

function DeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null
  onClose: () => void
}) {
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Histórico de entregas</DialogTitle>
          <DialogDescription>{endpoint?.url}</DialogDescription>
        </DialogHeader>
        {endpoint && <DeliveriesTable endpointId={endpoint.id} />}
      </DialogContent>
    </Dialog>
  )
}

function DeliveriesTable({ endpointId }: { endpointId: number }) {
  const deliveries = useWebhookDeliveries(endpointId)
  if (deliveries.isError) {
    return <p role="alert">Não foi possível carregar o histórico.</p>
  }
  if (!deliveries.data) return <p className="text-muted-foreground text-sm">Carregando...</p>
  if (deliveries.data.data.length === 0) {
    return <p className="text-muted-foreground text-sm">Nenhuma entrega ainda.</p>
  }
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            <th className="py-1 pr-2 font-medium">Quando</th>
            <th className="py-1 pr-2 font-medium">Evento</th>
            <th className="py-1 pr-2 font-medium">Situação</th>
            <th className="py-1 pr-2 font-medium">Tentativas</th>
            <th className="py-1 font-medium">HTTP</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.data.map((d) => (
            <tr key={d.event_id} className="border-b last:border-0">
              <td className="py-1 pr-2">{formatDateTime(d.created_at)}</td>
              <td className="py-1 pr-2">
                <code className="text-xs">{d.type}</code>
              </td>
              <td className="py-1 pr-2">{STATUS_LABELS[d.status]}</td>
              <td className="py-1 pr-2">{d.attempts}</td>
              <td className="py-1">{d.last_status_code ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function DeleteEndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null
  onClose: () => void
}) {
  const { mutate, isPending } = useDeleteWebhookEndpoint()
  return (
    <ConfirmDialog
      open={endpoint !== null}
      title="Excluir endpoint?"
      description={
        endpoint
          ? `${endpoint.url} deixa de receber eventos e o histórico de entregas é apagado.`
          : ''
      }
      confirmLabel="Excluir"
      pendingLabel="Excluindo..."
      isPending={isPending}
      onClose={onClose}
      onConfirm={() =>
        endpoint &&
        mutate(endpoint.id, {
          onSuccess: () => {
            toastSuccess('Endpoint excluído.')
            onClose()
          },
          onError: (error) => toastError(error, 'Não foi possível excluir o endpoint.'),
        })
      }
    />
  )
}
