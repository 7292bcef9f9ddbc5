import {
  ACCOUNT_KIND_LABELS,
  type AccountKind,
  CATEGORY_LABELS,
  type Category,
  formatBRL,
  formatDatePtBR,
} from '@equilibrai/shared'
import { BRAND, escapeHtml } from '../platform/index.ts'
import type { DataExport } from './data-export.ts'

/*
 * The LGPD export as a person reads it (issue 26): one self-contained pt-BR HTML page beside
 * the complete JSON (GET /api/me/export/summary). Built from the same DataExport, so it can
 * never show something the JSON does not hold; the JSON stays the complete copy.
 */

type Row = Record<string, unknown>

const LAST_ENTRIES = 15

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v))
const esc = (v: unknown): string => escapeHtml(text(v))
const day = (v: unknown): string => {
  const s = text(v)
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`
  return s === '' ? '—' : formatDatePtBR(s)
}
const yesNo = (v: unknown) => (v === true ? 'Sim' : v === false ? 'Não' : '—')

function table(headers: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<p class="empty">${escapeHtml(empty)}</p>`
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n')
  return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>`
}

function facts(pairs: [string, string][]): string {
  return `<dl>${pairs.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v || '—'}</dd>`).join('')}</dl>`
}

const PROVIDERS: Record<string, string> = {
  credential: 'E-mail e senha',
  google: 'Google',
  github: 'GitHub',
}

const NOTIFICATIONS: [string, string][] = [
  ['bill_reminders', 'Lembretes de contas no WhatsApp'],
  ['budget_alerts', 'Alertas de orçamento'],
  ['high_spending_alerts', 'Alertas de gasto fora do comum'],
  ['weekly_report', 'Relatório semanal'],
  ['monthly_report', 'Relatório mensal'],
]

/** The summary page of a person's export. `now` dates it. */
export function renderDataSummary(data: DataExport, now = new Date()): string {
  const r = (name: string): Row[] => data.records[name] ?? []
  const account = data.account ?? {}
  const profile = data.profile ?? {}
  const subscription = data.subscription ?? {}
  const entries = r('transactions')
  const accounts = r('accounts')

  const who = facts([
    ['Nome', esc(profile.name ?? account.name)],
    ['E-mail', esc(account.email ?? profile.email)],
    ['E-mail confirmado', yesNo(account.email_verified)],
    ['Telefone', esc(profile.phone)],
    ['Conta criada em', day(account.created_at)],
  ])
  const plan = facts([
    ['Plano', esc(subscription.plan_name ?? subscription.plan_type)],
    ['Situação da assinatura', esc(subscription.subscription_status)],
    ['Período atual até', day(subscription.current_period_end)],
    ['Lançamentos neste mês', esc(subscription.monthly_transactions)],
  ])
  const counts: [string, number][] = [
    ['Lançamentos', entries.length],
    ['Contas e cartões', accounts.length],
    ['Transferências', r('transfers').length],
    ['Contas a pagar', r('bills').length],
    ['Lançamentos recorrentes', r('recurring_entries').length],
    ['Orçamentos', r('budgets').length],
    ['Categorias próprias', r('custom_categories').length],
    ['Extratos importados', r('imports').length],
    ['Mensagens recebidas no WhatsApp', data.whatsapp.messages_received.length],
    ['Mensagens enviadas no WhatsApp', data.whatsapp.messages_sent.length],
    ['Sessões (aparelhos conectados)', data.sessions.length],
  ]
  const numbers = table(
    ['O quê', 'Quantos'],
    counts.map(([what, n]) => [escapeHtml(what), String(n)]),
    '',
  )

  const accountRows = accounts.map((a) => [
    esc(a.name),
    escapeHtml(ACCOUNT_KIND_LABELS[a.kind as AccountKind] ?? text(a.kind)),
    a.is_default ? 'Sim' : 'Não',
    a.archived ? 'Sim' : 'Não',
  ])
  const customNames = new Map(r('custom_categories').map((c) => [c.id, c]))
  const last = [...entries]
    .sort(
      (a, b) =>
        text(b.occurred_on).localeCompare(text(a.occurred_on)) || Number(b.id) - Number(a.id),
    )
    .slice(0, LAST_ENTRIES)
    .map((e) => {
      const own = customNames.get(e.custom_category_id)
      const category = own
        ? `${text(own.emoji)} ${text(own.name)}`.trim()
        : (CATEGORY_LABELS[e.category as Category] ?? text(e.category))
      const amount = Number(e.amount_cents)
      return [
        day(e.occurred_on),
        esc(e.description),
        escapeHtml(category),
        e.type === 'income' ? 'Receita' : 'Despesa',
        `<span class="num">${escapeHtml(formatBRL(e.type === 'income' ? amount : -amount))}</span>`,
      ]
    })

  const settings = r('notification_settings')[0]
  const consents = facts([
    ['Termos e privacidade', `Aceitos ao criar a conta em ${day(account.created_at)}`],
    ...NOTIFICATIONS.map(([key, label]): [string, string] => [
      label,
      settings ? yesNo(settings[key]) : 'Sim (padrão)',
    ]),
    [
      'Mensagens do assistente no WhatsApp',
      data.whatsapp.link ? `Sim, desde ${day(data.whatsapp.link.linked_at)}` : 'Não',
    ],
  ])

  const connections: string[][] = [
    ...data.login_methods.map((m) => [
      'Entrada',
      escapeHtml(PROVIDERS[text(m.provider)] ?? text(m.provider)),
      `desde ${day(m.created_at)}`,
    ]),
  ]
  if (data.whatsapp.link) {
    connections.push([
      'WhatsApp',
      `+${esc(data.whatsapp.link.wa_id)}`,
      `desde ${day(data.whatsapp.link.linked_at)}`,
    ])
  }
  for (const k of r('api_keys')) {
    connections.push([
      'Chave de API',
      `${esc(k.name)} (${esc(k.prefix)}…)`,
      k.revoked_at ? `revogada em ${day(k.revoked_at)}` : `criada em ${day(k.created_at)}`,
    ])
  }
  for (const w of r('webhook_endpoints')) {
    connections.push(['Webhook', esc(w.url), `criado em ${day(w.created_at)}`])
  }
  // Bank connections (Open Finance), whatever their table is called.
  for (const [name, rows] of Object.entries(data.records)) {
    if (!/connection/.test(name)) continue
    for (const c of rows) {
      connections.push([
        'Banco conectado',
        esc(c.institution ?? c.institution_name ?? c.connector_name ?? c.name ?? c.id),
        esc(c.status ?? ''),
      ])
    }
  }

  const generated = formatDatePtBR(now)
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Seus dados no ${BRAND} — resumo de ${generated}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;max-width:52rem;margin:0 auto;padding:1.5rem 1rem;line-height:1.5}
h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.15rem;margin:2rem 0 .5rem;border-bottom:1px solid #e5e7eb;padding-bottom:.25rem}
p.lead{color:#4b5563;margin:0 0 1rem}dl{display:grid;grid-template-columns:minmax(8rem,16rem) 1fr;gap:.25rem 1rem;margin:0}
dt{color:#4b5563}dd{margin:0;overflow-wrap:anywhere}.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e5e7eb;vertical-align:top;overflow-wrap:anywhere}
th{font-size:.85rem;color:#4b5563}.num{white-space:nowrap;font-variant-numeric:tabular-nums}.empty{color:#6b7280}
footer{margin-top:2rem;color:#6b7280;font-size:.9rem}
</style>
</head>
<body>
<h1>Seus dados no ${BRAND}</h1>
<p class="lead">Resumo gerado em ${escapeHtml(generated)} (horário de Brasília), conforme a LGPD (art. 18). O arquivo JSON, baixado no mesmo lugar, tem todos os campos.</p>
<h2>Quem é você</h2>
${who}
<h2>Plano</h2>
${plan}
<h2>Em números</h2>
${numbers}
<h2>Contas e cartões</h2>
${table(['Nome', 'Tipo', 'Principal', 'Arquivada'], accountRows, 'Nenhuma conta.')}
<h2>Últimos lançamentos</h2>
${table(['Data', 'Descrição', 'Categoria', 'Tipo', 'Valor'], last, 'Nenhum lançamento.')}
<h2>Consentimentos</h2>
${consents}
<h2>Conexões</h2>
${table(['O quê', 'Qual', 'Quando'], connections, 'Nenhuma conexão.')}
<footer>${BRAND} · Para corrigir um dado, use o painel ou o WhatsApp; para excluir tudo, “Excluir minha conta” nas configurações.</footer>
</body>
</html>
`
}
