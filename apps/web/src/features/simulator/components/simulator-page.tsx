import type { SimulatorMessage, SimulatorMessageInput } from '@equilibrai/shared'
import { clsx } from 'clsx'
import {
  ArrowLeftIcon,
  CheckCheckIcon,
  CheckIcon,
  FileTextIcon,
  SendIcon,
  Trash2Icon,
} from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { AppLink } from '@/components/app-link'
import { LogoMark } from '@/components/layout/logo'
import { Button, buttonVariants } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'
import { usePageTitle } from '@/lib/use-page-title'
import { useClearConversation } from '../api/clear-conversation'
import { useConversation } from '../api/get-conversation'
import { useSendSimulatorMessage } from '../api/send-message'
import { WhatsAppText } from './whatsapp-text'

const SUGGESTIONS = [
  'gastei 45,90 no mercado',
  'recebi 3.000 de salário',
  'saldo',
  'últimos',
  'ajuda',
]

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
})

/**
 * /simulador: a WhatsApp conversation with the assistant without a phone. Messages go into the
 * same inbox as WhatsApp's and come back through the same sender; the page polls for replies.
 */
export function SimulatorPage() {
  usePageTitle('Simulador do WhatsApp')
  const conversation = useConversation()
  const send = useSendSimulatorMessage()
  const clear = useClearConversation()
  const [text, setText] = useState('')
  const endRef = useRef<HTMLLIElement>(null)
  const messages = conversation.data?.messages ?? []
  const waiting = send.isPending || conversation.data?.pending === true
  const lastAssistant = [...messages].reverse().find((m) => m.from === 'assistant')

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the conversation grows
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' })
  }, [messages.length, waiting])

  function submit(input: SimulatorMessageInput) {
    send.mutate(input)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const message = text.trim()
    if (!message) return
    submit({ text: message })
    setText('')
  }

  const unavailable =
    conversation.error instanceof ApiError && conversation.error.status === 403
      ? conversation.error.message
      : null

  return (
    <main
      id="conteudo"
      className="mx-auto flex h-dvh w-full max-w-3xl flex-col bg-[#efeae2] dark:bg-[#0b141a]"
    >
      <header className="flex items-center gap-3 bg-[#075e54] px-3 py-2 text-white dark:bg-[#1f2c34]">
        <AppLink
          to="/dashboard"
          className="rounded-full p-2 hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          aria-label="Voltar ao painel"
        >
          <ArrowLeftIcon className="size-5" aria-hidden="true" />
        </AppLink>
        <LogoMark className="size-9 shrink-0" />
        <div className="min-w-0 flex-1 leading-tight">
          <h1 className="font-semibold">Equilibraí</h1>
          <p className="truncate text-white/90 text-xs">
            {waiting ? 'digitando...' : 'Simulador do WhatsApp'}
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-white hover:bg-white/10 hover:text-white"
          onClick={() => clear.mutate()}
          disabled={clear.isPending || messages.length === 0}
        >
          <Trash2Icon aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Limpar conversa</span>
        </Button>
      </header>

      {unavailable ? (
        <div className="m-auto max-w-md space-y-4 rounded-xl bg-background p-6 text-center shadow">
          <p>{unavailable}</p>
          <AppLink to="/dashboard" className={buttonVariants({ variant: 'outline' })}>
            Voltar ao painel
          </AppLink>
        </div>
      ) : (
        <>
          <div
            className="flex-1 overflow-y-auto"
            role="log"
            aria-live="polite"
            aria-label="Conversa com o Equilibraí"
          >
            <ol className="flex flex-col gap-2 p-3 text-[0.95rem]">
              <li className="mx-auto max-w-sm rounded-lg bg-[#fdf4c5] px-3 py-2 text-center text-slate-800 text-xs shadow-sm dark:bg-[#182229] dark:text-slate-200">
                Simulador: as mensagens vão para a sua conta de verdade, pelo mesmo caminho do
                WhatsApp. Os lançamentos aparecem em Minhas finanças.
              </li>
              {conversation.isPending && (
                <li className="self-center text-muted-foreground text-sm">Carregando...</li>
              )}
              {messages.map((message) => (
                <Bubble
                  key={message.id}
                  message={message}
                  buttonsEnabled={message.id === lastAssistant?.id && !waiting}
                  onButton={(button) => submit({ button })}
                />
              ))}
              {send.isPending && send.variables && 'text' in send.variables && (
                <Bubble
                  message={{
                    id: 'sending',
                    from: 'user',
                    text: send.variables.text,
                    buttons: [],
                    at: new Date().toISOString(),
                    status: null,
                  }}
                  sending
                />
              )}
              {waiting && !send.isPending && (
                <li className="self-start rounded-lg rounded-tl-none bg-white px-3 py-2 text-slate-500 shadow-sm dark:bg-[#202c33] dark:text-slate-300">
                  <span className="sr-only">O Equilibraí está respondendo</span>
                  <span aria-hidden="true">•••</span>
                </li>
              )}
              <li ref={endRef} aria-hidden="true" />
            </ol>
          </div>

          {messages.length === 0 && !conversation.isPending && (
            <div className="flex flex-wrap justify-center gap-2 px-3 pb-2">
              {SUGGESTIONS.map((suggestion) => (
                <button
                  key={suggestion}
                  type="button"
                  className="rounded-full border border-[#075e54]/30 bg-white px-3 py-1 text-slate-800 text-sm shadow-sm hover:bg-slate-50 dark:bg-[#202c33] dark:text-slate-100"
                  onClick={() => submit({ text: suggestion })}
                >
                  {suggestion}
                </button>
              ))}
            </div>
          )}

          <form
            onSubmit={onSubmit}
            className="flex items-center gap-2 bg-[#f0f2f5] p-2 dark:bg-[#1f2c34]"
          >
            <label htmlFor="simulator-text" className="sr-only">
              Mensagem
            </label>
            <input
              id="simulator-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Mensagem"
              autoComplete="off"
              maxLength={4096}
              className="h-11 min-w-0 flex-1 rounded-full border-0 bg-white px-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[#075e54] dark:bg-[#2a3942] dark:text-slate-100 dark:placeholder:text-slate-400"
            />
            <Button
              type="submit"
              size="icon"
              className="rounded-full bg-[#075e54] text-white hover:bg-[#075e54]/90"
              disabled={!text.trim()}
              aria-label="Enviar"
            >
              <SendIcon aria-hidden="true" />
            </Button>
          </form>
        </>
      )}
    </main>
  )
}

function Bubble({
  message,
  buttonsEnabled = false,
  sending = false,
  onButton,
}: {
  message: SimulatorMessage
  buttonsEnabled?: boolean
  sending?: boolean
  onButton?: (button: { id: string; title: string }) => void
}) {
  const mine = message.from === 'user'
  return (
    <li className={clsx('flex max-w-[85%] flex-col gap-1', mine ? 'self-end' : 'self-start')}>
      <div
        className={clsx(
          'whitespace-pre-line rounded-lg px-3 py-1.5 shadow-sm [overflow-wrap:anywhere]',
          mine
            ? 'rounded-tr-none bg-[#d9fdd3] text-slate-900 dark:bg-[#005c4b] dark:text-slate-50'
            : 'rounded-tl-none bg-white text-slate-900 dark:bg-[#202c33] dark:text-slate-50',
          sending && 'opacity-70',
        )}
      >
        <span className="sr-only">{mine ? 'Você: ' : 'Equilibraí: '}</span>
        {message.document && (
          <a
            href={message.document.url}
            download={message.document.filename}
            className="mb-1 flex items-center gap-2 rounded-md bg-slate-100 px-3 py-2 font-medium text-sm hover:bg-slate-200 dark:bg-[#111b21] dark:hover:bg-[#0b141a]"
          >
            <FileTextIcon
              aria-hidden="true"
              className="size-6 shrink-0 text-red-700 dark:text-red-400"
            />
            <span className="[overflow-wrap:anywhere]">
              {message.document.filename}
              <span className="block font-normal text-slate-600 text-xs dark:text-slate-300">
                PDF · Baixar
              </span>
            </span>
          </a>
        )}
        <WhatsAppText text={message.text} />
        <span
          aria-hidden="true"
          className="float-right mt-1.5 ml-3 inline-flex items-center gap-0.5 text-[0.7rem] text-slate-600 dark:text-slate-300"
        >
          {timeFormat.format(new Date(message.at))}
          {mine &&
            (sending ? (
              <CheckIcon className="size-3.5" />
            ) : (
              <CheckCheckIcon className="size-3.5 text-sky-600 dark:text-sky-400" />
            ))}
        </span>
      </div>
      {message.buttons.length > 0 && (
        <div className="flex gap-1">
          {message.buttons.map((button) => (
            <button
              key={button.id}
              type="button"
              disabled={!buttonsEnabled}
              onClick={() => onButton?.(button)}
              className="flex-1 rounded-lg bg-white px-3 py-2 font-medium text-[#027eb5] text-sm shadow-sm hover:bg-slate-50 disabled:opacity-60 dark:bg-[#202c33] dark:text-[#53bdeb]"
            >
              {button.title}
            </button>
          ))}
        </div>
      )}
    </li>
  )
}
