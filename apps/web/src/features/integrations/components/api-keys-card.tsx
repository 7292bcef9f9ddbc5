import { type ApiKeyCreate, type ApiKeySummary, apiKeyCreateSchema } from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRoundIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/form-field'
import { toastFirstError } from '@/lib/form'
import { toastError, toastSuccess } from '@/lib/notify'
import { useCreateApiKey } from '../api/create-api-key'
import { useApiKeys } from '../api/get-api-keys'
import { useRevokeApiKey } from '../api/revoke-api-key'
import { formatDateTime, SecretReveal } from './secret-reveal'

/** Chaves de API: create (shown once), list by prefix, revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys()
  const [created, setCreated] = useState<string | null>(null)
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon aria-hidden="true" className="size-5" />
          Chaves de API
        </CardTitle>
        <CardDescription>
          Use no cabeçalho <code>Authorization: Bearer eqk_…</code> para chamar a API com os dados
          da sua conta. Limite de 120 requisições por minuto por chave.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <CreateKeyForm onCreated={setCreated} />
        {created && <SecretReveal label="Sua nova chave de API" value={created} />}
        {keys.isError && (
          <p role="alert" className="text-muted-foreground text-sm">
            Não foi possível carregar suas chaves.
          </p>
        )}
        {keys.data && keys.data.data.length === 0 && (
          <p className="text-muted-foreground text-sm">Nenhuma chave criada ainda.</p>
        )}
        {keys.data && keys.data.data.length > 0 && (
          <ul className="divide-y rounded-lg border" aria-label="Chaves de API">
            {keys.data.data.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium">{key.name}</p>
                  <p className="text-muted-foreground text-xs">
                    <code>{key.prefix}…</code> · criada em {formatDateTime(key.created_at)} ·{' '}
                    {key.last_used_at
                      ? `último uso ${formatDateTime(key.last_used_at)}`
                      : 'nunca usada'}
                  </p>
                </div>
                <Button type="button" size="sm" variant="outline" onClick={() => setRevoking(key)}>
                  Revogar
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  )
}

function CreateKeyForm({ onCreated }: { onCreated: (key: string) => void }) {
  const id = useId()
  const create = useCreateApiKey()
  const form = useForm<ApiKeyCreate>({
    resolver: zodResolver(apiKeyCreateSchema),
    defaultValues: { name: '' },
  })
  function onValid(values: ApiKeyCreate) {
    create.mutate(values, {
      onSuccess: (created) => {
        onCreated(created.key)
        form.reset()
        toastSuccess('Chave criada.')
      },
      onError: (error) => toastError(error, 'Não foi possível criar a chave.'),
    })
  }
  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      noValidate
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <FormField
          id={`${id}-name`}
          label="Nome da chave"
          placeholder="Ex.: ERP da loja"
          maxLength={60}
          invalid={Boolean(form.formState.errors.name)}
          {...form.register('name')}
        />
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Criando...' : 'Criar chave'}
      </Button>
    </form>
  )
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const { mutate, isPending } = useRevokeApiKey()
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title="Revogar chave?"
      description={
        apiKey
          ? `A chave “${apiKey.name}” (${apiKey.prefix}…) para de funcionar na hora. Esta ação não pode ser desfeita.`
          : ''
      }
      confirmLabel="Revogar"
      pendingLabel="Revogando..."
      isPending={isPending}
      onClose={onClose}
      onConfirm={() =>
        apiKey &&
        mutate(apiKey.id, {
          onSuccess: () => {
            toastSuccess('Chave revogada.')
            onClose()
          },
          onError: (error) => toastError(error, 'Não foi possível revogar a chave.'),
        })
      }
    />
  )
}
