import type { Account, Connection, Connector } from '@equilibrai/shared'
import { CheckIcon, LockIcon } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { AppLink } from '@/components/app-link'
import { FormError } from '@/components/form-error'
import { FormField } from '@/components/form-field'
import { Button, buttonVariants } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError } from '@/lib/api-client'
import { accountLabel, useAccounts } from '@/lib/get-accounts'
import { useSubscription } from '@/lib/get-subscription'
import {
  useConnect,
  useConnections,
  useConnectMode,
  useConnectors,
  useConnectToken,
  useReconnect,
  useSendCode,
} from '../api/connections'
import { openPluggyConnect } from '../lib/pluggy-connect'

export type Connecting =
  | null
  | { mode: 'new' }
  | { mode: 'code'; connection: Connection }
  | { mode: 'reconnect'; connection: Connection }

const NOT_IN_PLAN = 'Conectar bancos (Open Finance) não faz parte do seu plano.'

function notInPlan(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'FEATURE_NOT_IN_PLAN' ? error.message : null
}

/**
 * "Conectar banco": the bank (demo: the sandbox), its user and password, then the code when
 * the bank asks for one, following the connection until it is "Em dia" or refused; at the end,
 * the accounts that appeared. Also used to send a code later and to reconnect.
 * In production (mode 'widget') Pluggy Connect, the aggregator's widget, takes the bank and the
 * password instead: this dialog steps aside while it is open and follows the item it made.
 */
export function ConnectBankDialog({
  connecting,
  onClose,
}: {
  connecting: Connecting
  onClose: () => void
}) {
  const open = connecting !== null
  const subscription = useSubscription()
  const connectors = useConnectors(open)
  const mode = useConnectMode(true)
  const connectToken = useConnectToken()
  const [widget, setWidget] = useState<'idle' | 'open' | 'posted' | 'failed'>('idle')
  const [widgetError, setWidgetError] = useState<string | null>(null)
  const connections = useConnections()
  const accounts = useAccounts()
  const connect = useConnect()
  const reconnect = useReconnect()
  const sendCode = useSendCode()
  const [connectionId, setConnectionId] = useState<number | null>(null)
  const [connectorId, setConnectorId] = useState<string>('')
  const [credentials, setCredentials] = useState<Record<string, string>>({})
  const [code, setCode] = useState('')
  const [retrying, setRetrying] = useState<Connection | null>(null)
  const accountsBefore = useRef<Set<number> | null>(null)
  const formId = useId()

  // Reconnecting: the one asked for, or the one just refused ("Tentar de novo").
  const target = connecting?.mode === 'reconnect' ? connecting.connection : retrying
  const list = connectors.data ?? []
  const connector: Connector | undefined =
    list.find((c) => String(c.id) === connectorId) ??
    (target ? (list.find((c) => c.name === target.institution) ?? list[0]) : list[0])
  const followedId =
    connectionId ?? (connecting?.mode === 'code' && !retrying ? connecting.connection.id : null)
  const followed = connections.data?.find((c) => c.id === followedId) ?? null

  function close() {
    connect.reset()
    reconnect.reset()
    sendCode.reset()
    setConnectionId(null)
    setConnectorId('')
    setCredentials({})
    setCode('')
    setRetrying(null)
    connectToken.reset()
    setWidget('idle')
    setWidgetError(null)
    accountsBefore.current = null
    onClose()
  }

  const widgetMode = mode.data === 'widget'
  const freePlan = subscription.data?.plan_type === 'free'
  const wantsWidget =
    widgetMode &&
    widget === 'idle' &&
    !followed &&
    !connectToken.isPending &&
    !connectToken.isError &&
    (connecting?.mode === 'new' || connecting?.mode === 'reconnect' || retrying !== null) &&
    !(connecting?.mode === 'new' && freePlan)

  // Production: ask for a token and open the widget; its item is then posted and followed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per wish, not per render
  useEffect(() => {
    if (!wantsWidget) return
    const again = target
    let succeeded = false
    let failure: string | null = null
    remember()
    connectToken.mutate(again?.id ?? null, {
      onSuccess: (token) => {
        setWidget('open')
        openPluggyConnect({
          connectToken: token.connect_token,
          ...(token.item_id ? { updateItem: token.item_id } : {}),
          // The widget stays on its own success screen until closed; the item is posted now.
          onSuccess: (itemId) => {
            succeeded = true
            if (again) {
              reconnect.mutate({ id: again.id }, { onSuccess: (c) => setConnectionId(c.id) })
            } else {
              connect.mutate({ item_id: itemId }, { onSuccess: (c) => setConnectionId(c.id) })
            }
          },
          onError: (message) => {
            failure = message
          },
          // Closed: back to this dialog following the item or telling the error; else the end.
          onClose: () => {
            if (succeeded) setWidget('posted')
            else if (failure) {
              setWidgetError(failure)
              setWidget('failed')
            } else close()
          },
        }).catch(() => {
          setWidgetError('Não foi possível abrir a janela do Pluggy. Tente de novo.')
          setWidget('failed')
        })
      },
    })
  }, [wantsWidget])

  function remember() {
    accountsBefore.current = new Set((accounts.data ?? []).map((a) => a.id))
  }

  function submitCredentials(event: FormEvent) {
    event.preventDefault()
    remember()
    const filled = Object.keys(credentials).length > 0 ? credentials : undefined
    if (target) {
      reconnect.mutate(
        { id: target.id, credentials: filled },
        { onSuccess: (c) => setConnectionId(c.id) },
      )
      return
    }
    if (!connector) return
    connect.mutate(
      { connector_id: connector.id, credentials },
      { onSuccess: (c) => setConnectionId(c.id) },
    )
  }

  function submitCode(event: FormEvent) {
    event.preventDefault()
    if (!followed) return
    if (!accountsBefore.current) remember()
    sendCode.mutate({ id: followed.id, code }, { onSuccess: () => setCode('') })
  }

  const upsell =
    notInPlan(connectToken.error) ??
    notInPlan(connect.error) ??
    notInPlan(reconnect.error) ??
    (connecting?.mode === 'new' && subscription.data?.plan_type === 'free' ? NOT_IN_PLAN : null)
  const newAccounts: Account[] =
    followed?.status === 'ok' && accountsBefore.current
      ? (accounts.data ?? []).filter((a) => !accountsBefore.current?.has(a.id))
      : []
  const step = upsell
    ? 'upsell'
    : !followed
      ? widgetMode
        ? 'widget'
        : 'credentials'
      : followed.status === 'needs_action' && followed.mfa
        ? 'code'
        : followed.status === 'syncing'
          ? 'waiting'
          : followed.status === 'ok'
            ? 'done'
            : 'failed'

  const title =
    step === 'upsell'
      ? 'Conectar banco nos planos pagos'
      : target
        ? 'Reconectar banco'
        : 'Conectar banco'

  return (
    <Dialog open={open && widget !== 'open'} onOpenChange={(next) => !next && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {step === 'upsell'
              ? upsell
              : 'Pelo Open Finance: a senha do banco vai direto para o agregador e não fica guardada no Equilibraí.'}
          </DialogDescription>
        </DialogHeader>

        {step === 'upsell' && (
          <div className="space-y-3 text-sm" data-testid="connections-upsell">
            <p className="flex gap-2">
              <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Conecte seu banco e as contas e os lançamentos chegam sozinhos, todo dia.
            </p>
            <AppLink to="/dashboard#planos" className={buttonVariants()} onClick={close}>
              Ver planos
            </AppLink>
          </div>
        )}

        {step === 'credentials' && (
          <form id={formId} className="space-y-4" onSubmit={submitCredentials}>
            {target ? (
              <p className="text-sm">{target.institution}</p>
            ) : (
              <div className="space-y-2">
                <Label htmlFor={`${formId}-banco`}>Banco</Label>
                <NativeSelect
                  id={`${formId}-banco`}
                  value={connector ? String(connector.id) : ''}
                  onChange={(e) => setConnectorId(e.target.value)}
                  disabled={list.length === 0}
                >
                  {list.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect>
                {connectors.isSuccess && list.length === 0 && (
                  <p className="text-muted-foreground text-xs">
                    Nenhum banco disponível para conectar por aqui agora.
                  </p>
                )}
              </div>
            )}
            {connector?.credentials.map((field) => (
              <FormField
                key={`${connector.id}-${field.name}`}
                id={`${formId}-${field.name}`}
                label={field.label}
                type={field.type === 'password' ? 'password' : 'text'}
                inputMode={field.type === 'number' ? 'numeric' : undefined}
                autoComplete="off"
                required
                value={credentials[field.name] ?? ''}
                onChange={(e) => setCredentials((v) => ({ ...v, [field.name]: e.target.value }))}
              />
            ))}
            {connector?.sandbox && (
              <p className="text-muted-foreground text-xs">
                Banco de demonstração: usuário user-ok, senha password-ok, código 123456.
              </p>
            )}
            <FormError error={connect.error ?? reconnect.error} />
          </form>
        )}

        {step === 'widget' && (
          <div className="space-y-2 text-sm" data-testid="connect-widget">
            {widget === 'failed' || connectToken.isError ? (
              <div role="alert" className="space-y-1">
                <p className="font-medium">A conexão não foi concluída na janela do Pluggy.</p>
                {widgetError && <p className="text-muted-foreground">{widgetError}</p>}
                <FormError error={connectToken.error} />
              </div>
            ) : (
              <p role="status">
                {connect.isPending || reconnect.isPending
                  ? 'Registrando a conexão…'
                  : 'Abrindo a janela segura do Pluggy, nosso parceiro de Open Finance…'}
              </p>
            )}
            <FormError error={connect.error ?? reconnect.error} />
          </div>
        )}

        {step === 'code' && followed && (
          <form id={formId} className="space-y-4" onSubmit={submitCode}>
            <FormField
              id={`${formId}-codigo`}
              label={followed.mfa?.label ?? 'Código de segurança'}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <FormError error={sendCode.error} />
          </form>
        )}

        {step === 'waiting' && (
          <p role="status" className="text-sm">
            Sincronizando com {followed?.institution}…
          </p>
        )}

        {step === 'failed' && followed && (
          <div role="alert" className="space-y-1 text-sm" data-testid="connect-failed">
            <p className="font-medium">
              {followed.status === 'login_error'
                ? 'Senha recusada pelo banco'
                : 'O banco não concluiu a conexão'}
            </p>
            {followed.error && <p className="text-muted-foreground">{followed.error}</p>}
          </div>
        )}

        {step === 'done' && followed && (
          <div role="status" className="space-y-2 text-sm" data-testid="connect-done">
            <p className="flex items-center gap-2 font-medium">
              <CheckIcon aria-hidden="true" className="size-4 text-emerald-700" />
              {followed.institution} conectado: em dia.
            </p>
            {newAccounts.length > 0 ? (
              <>
                <p>Contas que chegaram:</p>
                <ul className="list-disc space-y-1 pl-5" data-testid="connect-new-accounts">
                  {newAccounts.map((a) => (
                    <li key={a.id} className="break-words">
                      {accountLabel(a)}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-muted-foreground">
                Nenhuma conta nova: as contas já estavam aqui.
              </p>
            )}
          </div>
        )}

        <DialogFooter>
          {step === 'credentials' || step === 'code' ? (
            <>
              <Button type="button" variant="outline" onClick={close}>
                Cancelar
              </Button>
              <Button
                type="submit"
                form={formId}
                disabled={
                  connect.isPending ||
                  reconnect.isPending ||
                  sendCode.isPending ||
                  (step === 'credentials' && !connector && !target)
                }
              >
                {step === 'code' ? 'Enviar código' : connect.isPending ? 'Conectando…' : 'Conectar'}
              </Button>
            </>
          ) : step === 'widget' && (widget === 'failed' || connectToken.isError) ? (
            <>
              <Button type="button" variant="outline" onClick={close}>
                Fechar
              </Button>
              <Button
                type="button"
                onClick={() => {
                  connectToken.reset()
                  setWidgetError(null)
                  setWidget('idle')
                }}
              >
                Tentar de novo
              </Button>
            </>
          ) : step === 'failed' ? (
            <>
              <Button type="button" variant="outline" onClick={close}>
                Fechar
              </Button>
              <Button
                type="button"
                onClick={() => {
                  connect.reset()
                  reconnect.reset()
                  sendCode.reset()
                  setRetrying(followed)
                  setWidget('idle')
                  setCredentials({})
                  setConnectionId(null)
                }}
              >
                Tentar de novo
              </Button>
            </>
          ) : (
            <Button type="button" variant="outline" onClick={close}>
              Fechar
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
