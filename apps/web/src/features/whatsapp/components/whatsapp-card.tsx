import { formatWaId, type WhatsAppLinkCode } from '@equilibrai/shared'
import { LinkIcon, MessageCircleIcon, SmartphoneIcon, UnlinkIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { AppLink } from '@/components/app-link'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { toastSuccess } from '@/lib/notify'
import { useCreateLinkCode } from '../api/create-link-code'
import { useWhatsAppLink } from '../api/get-link'
import { useUnlinkWhatsApp } from '../api/unlink'
import { LoadFailed } from '@/components/load-failed'

// The encoder loads only when a code is shown.
const QrCode = lazy(() => import('./qr-code').then((m) => ({ default: m.QrCode })))

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
})

type Pending = { code: WhatsAppLinkCode; previousWaId: string | null }

/**
 * The dashboard's 'WhatsApp' card: whether a number is linked, and linking by code — a wa.me
 * button that opens WhatsApp with 'vincular <code>' typed, and its QR code for people on a
 * computer — or unlinking. While a code is shown the card polls, and turns 'linked' by itself.
 */
export function WhatsAppCard() {
  const [pending, setPending] = useState<Pending | null>(null)
  const [confirmingUnlink, setConfirmingUnlink] = useState(false)
  const link = useWhatsAppLink({ waitingForLink: pending !== null })
  const createCode = useCreateLinkCode()
  const unlink = useUnlinkWhatsApp()
  const state = link.data

  useEffect(() => {
    if (pending && state?.linked && state.wa_id !== pending.previousWaId) {
      setPending(null)
      toastSuccess('WhatsApp vinculado com sucesso!')
    }
  }, [pending, state])

  useEffect(() => {
    if (!pending) return
    const left = new Date(pending.code.expires_at).getTime() - Date.now()
    const timer = setTimeout(() => setPending(null), Math.max(0, left))
    return () => clearTimeout(timer)
  }, [pending])

  function startLinking() {
    createCode.mutate(undefined, {
      onSuccess: (code) => setPending({ code, previousWaId: state?.wa_id ?? null }),
    })
  }

  function confirmUnlink() {
    unlink.mutate(undefined, {
      onSuccess: () => {
        setConfirmingUnlink(false)
        toastSuccess('WhatsApp desvinculado.')
      },
    })
  }

  return (
    <Card aria-labelledby="whatsapp-card-title">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle as="h2" id="whatsapp-card-title">
            WhatsApp
          </CardTitle>
          <CardDescription>Registre gastos e receitas mandando uma mensagem.</CardDescription>
        </div>
        {state?.whatsapp_configured && (
          <Badge variant={state.linked ? 'default' : 'outline'}>
            {state.linked ? 'Vinculado' : 'Não vinculado'}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {link.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-10 w-44" />
          </div>
        ) : link.isError ? (
          <LoadFailed what="o WhatsApp" onRetry={() => void link.refetch()} />
        ) : (
          <>
            {!state?.whatsapp_configured && (
              <p className="rounded-md bg-muted p-3 text-sm">
                O WhatsApp ainda não está configurado neste servidor. Enquanto isso, converse com o
                assistente pelo simulador: é o mesmo assistente, com as mesmas respostas.
              </p>
            )}

            {state?.linked && state.wa_id && (
              <p className="flex items-center gap-2">
                <SmartphoneIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                <span>
                  Número vinculado: <strong>{formatWaId(state.wa_id)}</strong>
                </span>
              </p>
            )}

            {pending ? (
              <LinkInstructions pending={pending} onCancel={() => setPending(null)} />
            ) : (
              state?.whatsapp_configured && (
                <div className="flex flex-wrap gap-2">
                  <Button type="button" onClick={startLinking} disabled={createCode.isPending}>
                    <LinkIcon aria-hidden="true" />
                    {createCode.isPending
                      ? 'Gerando código...'
                      : state.linked
                        ? 'Vincular outro número'
                        : 'Vincular WhatsApp'}
                  </Button>
                  {state.linked && (
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => setConfirmingUnlink(true)}
                    >
                      <UnlinkIcon aria-hidden="true" />
                      Desvincular
                    </Button>
                  )}
                </div>
              )
            )}

            {state?.simulator_available && (
              <AppLink
                to="/simulador"
                className={buttonVariants({
                  variant: state.whatsapp_configured ? 'link' : 'default',
                  size: state.whatsapp_configured ? 'sm' : 'default',
                  className: state.whatsapp_configured ? 'h-auto px-0' : undefined,
                })}
              >
                <MessageCircleIcon aria-hidden="true" />
                {state.whatsapp_configured ? 'Testar no simulador' : 'Abrir o simulador'}
              </AppLink>
            )}
          </>
        )}
      </CardContent>

      <Dialog open={confirmingUnlink} onOpenChange={setConfirmingUnlink}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Desvincular o WhatsApp?</DialogTitle>
            <DialogDescription>
              As mensagens deste número deixam de ser registradas na sua conta. Você pode vincular
              de novo quando quiser.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirmingUnlink(false)}>
              Cancelar
            </Button>
            <Button
              type="button"
              variant="destructive"
              onClick={confirmUnlink}
              disabled={unlink.isPending}
            >
              {unlink.isPending ? 'Desvinculando...' : 'Desvincular'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}

function LinkInstructions({ pending, onCancel }: { pending: Pending; onCancel: () => void }) {
  const { code, expires_at, wa_me_url } = pending.code
  return (
    <div className="space-y-4 rounded-lg border p-4">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="space-y-3">
          <p className="text-sm">Mande esta mensagem para o Equilibraí pelo WhatsApp:</p>
          <p className="font-mono font-semibold text-2xl tracking-wider" data-testid="link-code">
            vincular {code}
          </p>
          <p className="text-muted-foreground text-sm">
            O código vale até {timeFormat.format(new Date(expires_at))} e só pode ser usado uma vez.
            Esta página confirma sozinha quando o número for vinculado.
          </p>
          <div className="flex flex-wrap gap-2">
            {wa_me_url && (
              <Button asChild>
                <a href={wa_me_url} target="_blank" rel="noopener noreferrer">
                  <MessageCircleIcon aria-hidden="true" />
                  Abrir o WhatsApp
                </a>
              </Button>
            )}
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancelar
            </Button>
          </div>
        </div>
        {wa_me_url && (
          // For people on a computer: the phone's camera opens the same link.
          <figure className="hidden shrink-0 flex-col items-center gap-2 md:flex">
            <Suspense fallback={<Skeleton className="size-44" />}>
              <QrCode text={wa_me_url} label={`QR code para mandar vincular ${code} no WhatsApp`} />
            </Suspense>
            <figcaption className="max-w-44 text-center text-muted-foreground text-xs">
              No computador? Aponte a câmera do celular.
            </figcaption>
          </figure>
        )}
      </div>
    </div>
  )
}
