import { CheckCheckIcon } from 'lucide-react'
import { LogoMark } from '@/components/layout/logo'
import { clsx } from 'clsx'

type Message = { from: 'user' | 'bot'; text: string; time: string }

const CONVERSATION: Message[] = [
  { from: 'user', text: 'gastei 45,90 no mercado', time: '09:41' },
  {
    from: 'bot',
    text: 'Anotado! R$ 45,90 em Mercado, hoje. Você já usou 62% do que planejou para mercado este mês.',
    time: '09:41',
  },
  { from: 'user', text: 'conta de luz 180 vence dia 10', time: '09:42' },
  { from: 'bot', text: 'Combinado! Te lembro no dia 9 para não pagar juros.', time: '09:42' },
  { from: 'user', text: 'saldo', time: '09:43' },
  {
    from: 'bot',
    text: 'Saldo do mês: R$ 2.314,10\nReceitas R$ 5.200,00 · Despesas R$ 2.885,90',
    time: '09:43',
  },
]

/** An illustrative WhatsApp conversation: what using the product feels like, without images. */
export function ChatPreview() {
  return (
    <figure className="mx-auto w-full max-w-sm">
      <div className="overflow-hidden rounded-[2rem] border-8 border-slate-900 bg-[#efeae2] shadow-2xl dark:border-slate-700 dark:bg-[#0b141a]">
        <div className="flex items-center gap-3 bg-[#075e54] px-4 py-3 text-white dark:bg-[#1f2c34]">
          <LogoMark className="size-9 shrink-0" />
          <div className="leading-tight">
            <p className="font-semibold">Equilibraí</p>
            <p className="text-white/90 text-xs">online</p>
          </div>
        </div>
        <ol className="flex flex-col gap-2 p-3 text-[0.9rem]">
          {CONVERSATION.map((message, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, never reordered list
              key={index}
              className={clsx(
                'max-w-[85%] whitespace-pre-line rounded-lg px-3 py-1.5 shadow-sm',
                message.from === 'user'
                  ? 'self-end rounded-tr-none bg-[#d9fdd3] text-slate-900 dark:bg-[#005c4b] dark:text-slate-50'
                  : 'self-start rounded-tl-none bg-white text-slate-900 dark:bg-[#202c33] dark:text-slate-50',
              )}
            >
              <span className="sr-only">{message.from === 'user' ? 'Você: ' : 'Equilibraí: '}</span>
              {message.text}
              <span
                aria-hidden="true"
                className="float-right mt-1.5 ml-3 inline-flex items-center gap-0.5 text-[0.7rem] text-slate-600 dark:text-slate-300"
              >
                {message.time}
                {message.from === 'user' && (
                  <CheckCheckIcon className="size-3.5 text-sky-600 dark:text-sky-400" />
                )}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <figcaption className="mt-3 text-center text-muted-foreground text-sm">
        Exemplo de conversa com o Equilibraí no WhatsApp.
      </figcaption>
    </figure>
  )
}
