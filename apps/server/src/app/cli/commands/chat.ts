import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import type { Db, Env, Logger } from '../../../platform/index.ts'
import { startChannelRunner } from '../channel-runner.ts'
import { postSimulatorMessage, waitForReply } from '../../../assistant/index.ts'
import { type CliCommand, UsageError } from '../command.ts'

/**
 * `npm run cli -- chat <email>`: talk to the assistant from the terminal, as that person. The
 * messages enter the WhatsApp simulator's pipeline (inbox → job → assistant service → sender),
 * so they record, undo and answer exactly like messages on the phone, and show on /simulador.
 * The jobs run here (and on a running server, whichever takes them first). Interactive with a
 * prompt on a TTY; from a pipe, one reply per line read
 * (`printf 'mercado 45,90\nsaldo\n' | npm run cli -- chat ana@x.com`).
 */
export async function runChat(params: {
  db: Db
  env: Env
  log: Logger
  email: string | undefined
  input: Readable
  output: Writable
  interactive: boolean
}): Promise<number> {
  const { db, output, interactive } = params
  const userId = await profileIdByEmail(db, params.email)
  const write = (text: string) => output.write(`${text}\n`)
  // Before the line reader: lines read before the loop below starts would be lost.
  const runner = await startChannelRunner(db, params.env, params.log)
  const lines = createInterface({
    input: params.input,
    output: interactive ? output : undefined,
    terminal: interactive,
  })
  if (interactive) {
    write(`Conversando como ${params.email}. Escreva como no WhatsApp; "sair" ou Ctrl+D encerra.`)
    lines.setPrompt('você › ')
    lines.prompt()
  }
  let handled = 0
  try {
    for await (const line of lines) {
      const text = line.trim()
      if (interactive && ['sair', 'exit', 'quit'].includes(text.toLowerCase())) break
      if (text) {
        const { messageId } = await postSimulatorMessage(db, { userId, input: { text } })
        const answer = await waitForReply(db, { messageId })
        // Reply buttons (Sim / Não) are answered by typing their title.
        const buttons = answer?.buttons.map((b) => `[${b.title}]`).join(' ')
        const reply = answer
          ? `${answer.text}${buttons ? `\n${buttons}` : ''}`
          : '(sem resposta ainda: ela aparecerá em /simulador)'
        handled++
        write(interactive ? `\nEquilibraí › ${reply.replaceAll('\n', '\n             ')}\n` : reply)
        if (!interactive) write('')
      }
      if (interactive) lines.prompt()
    }
  } finally {
    lines.close()
    await runner.stop()
  }
  return handled
}

async function profileIdByEmail(db: Db, email: string | undefined): Promise<string> {
  if (!email) throw new UsageError('informe o e-mail da conta')
  const { rows } = await db.query<{ id: string }>(
    'select id from profiles where lower(email) = lower($1) order by created_at limit 1',
    [email.trim()],
  )
  const row = rows[0]
  if (!row) throw new UsageError(`nenhuma conta com o e-mail ${email}`)
  return row.id
}

export const chatCommand: CliCommand = {
  usage: 'chat <email>',
  description: 'conversa com o assistente como essa pessoa (o mesmo caminho do WhatsApp)',
  async run({ db, env, log }, [email]) {
    await runChat({
      db,
      env,
      log,
      email,
      input: process.stdin,
      output: process.stdout,
      interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    })
  },
}
