import { WEBHOOK_EVENT_TYPES } from '@equilibrai/shared'

/** The docs' section on receiving webhooks (Markdown, rendered by /docs/api). */
export const WEBHOOKS_GUIDE = `
## Webhooks

Cadastre um endpoint (\`POST /api/v1/webhook-endpoints\` ou em /integracoes) com os eventos
que quer receber: ${WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(', ')}. Cada evento chega
como um POST JSON \`{id, type, created_at, data}\` com o cabeçalho

    Equilibrai-Signature: t=<segundos unix>,v1=<HMAC-SHA256 hex de "<t>.<corpo>">

A entrega é *pelo menos uma vez*: qualquer resposta fora de 2xx (ou 5 s sem resposta) é
repetida com o **mesmo \`id\`** — a primeira repetição em até 10 s, a segunda em até 1 minuto,
depois com intervalos crescentes até de hora em hora, por 24 h. Use o \`id\` para ignorar
repetidas. Redirecionamentos não são seguidos. Um endpoint que falha por 3 dias seguidos é
desativado e o titular recebe um e-mail; gerar um novo segredo o reativa.

### Verificando a assinatura (Node.js)

Calcule o HMAC sobre os **bytes recebidos**, antes de qualquer parse do JSON:

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto'
import express from 'express'

const SECRET = process.env.EQUILIBRAI_WEBHOOK_SECRET // whsec_…

function verify(header, rawBody, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false
  const expected = createHmac('sha256', SECRET).update(\`\${t}.\${rawBody}\`).digest('hex')
  const given = Buffer.from(parts.v1 ?? '', 'utf8')
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'utf8'))
}

const app = express()
app.post('/webhooks/equilibrai', express.raw({ type: 'application/json' }), (req, res) => {
  const raw = req.body.toString('utf8')
  if (!verify(req.get('Equilibrai-Signature') ?? '', raw)) return res.status(400).end()
  const event = JSON.parse(raw)
  // já processado? (event.id) … senão, trate event.type / event.data
  res.status(200).end()
})
app.listen(8080)
\`\`\`

Responda 2xx depressa e faça o trabalho pesado depois: a entrega espera no máximo 5 s (3 s para conectar).
`
