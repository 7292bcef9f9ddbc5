import { monthLabel, type PeriodReportView, reportReplies } from '@equilibrai/assistant'
import { addMonths, formatBRL, formatDayMonth, monthRange, saoPauloMonth } from '@equilibrai/shared'
import { type Db, type Queryable, withTransaction, type Env } from '../platform/index.ts'
import {
  wantsSql,
  findLinkByUser,
  textMessage,
  enqueueOutbound,
  templateMessage,
  isWhatsAppConfigured,
  simulatorWaId,
} from '../messaging/index.ts'
import { monthReportView, weekReportView } from './period-report.ts'
import { previousWeek } from './report-dates.ts'
import { planHasFeatureSql } from '../tenancy/index.ts'

/*
 * The scheduled reports (ARCHITECTURE §8): every Monday at 08:00 São Paulo the week that ended
 * (Monday–Sunday), on the 1st at 08:00 the month that ended, on WhatsApp, to ledger owners whose
 * plan has relatórios_básicos, whose notification settings ask for it (weekly_report /
 * monthly_report) and who recorded something in the period. Without WhatsApp configured they go
 * to the simulator; with it, only to linked numbers, through the equilibrai_relatorio template
 * outside the 24-hour window.
 *
 * Once per person, kind and period, whatever happens: the report_deliveries row (unique on
 * user, kind, period) is inserted in the same transaction that queues the message (whose
 * idempotency key is the same triple), so a rerun, a retried job, `run-task` for the same
 * moment or two runners at once find it and send nothing more, and a crash before the commit
 * leaves nothing behind to block the next run.
 */

export type ReportKind = 'weekly' | 'monthly'

type Candidate = { ledger_id: number; user_id: string; has_pdf: boolean }

export type ReportRun = { sent: number; skipped: number }

/** People read per query, walked in ledger id order. */
const BATCH_SIZE = 200

export const reportDeliveryKey = (kind: ReportKind, userId: string, period: string) =>
  `report:${kind}:${userId}:${period}`

type Period = { kind: ReportKind; from: string; to: string; month?: string }

/** The period a run at `now` reports on: the week or the month that ended. */
export function reportPeriod(kind: ReportKind, now: Date): Period {
  if (kind === 'weekly') return { kind, ...previousWeek(now) }
  const month = addMonths(saoPauloMonth(now), -1)
  return { kind, ...monthRange(month), month }
}

async function candidates(
  db: Queryable,
  { period, needsLink, afterId }: { period: Period; needsLink: boolean; afterId: number },
): Promise<Candidate[]> {
  const setting = period.kind === 'weekly' ? 'weekly_report' : 'monthly_report'
  const { rows } = await db.query<Candidate>(
    `select l.id as ledger_id, l.owner_user_id as user_id,
            ${planHasFeatureSql('exportação_pdf')} as has_pdf
       from ledgers l
       join subscribers s on s.user_id = l.owner_user_id
       join plan_features p on p.plan_type = s.plan_type
       left join notification_settings ns on ns.user_id = l.owner_user_id
      where l.id > $4
        and ${planHasFeatureSql('relatórios_básicos')}
        and ${wantsSql(setting)}
        and exists (select 1 from transactions t
                     where t.ledger_id = l.id and t.occurred_on between $1::date and $2::date)
        and not exists (select 1 from report_deliveries d
                         where d.user_id = l.owner_user_id and d.kind = $3 and d.period = $1::date)
        and (not $5 or exists (select 1 from whatsapp_links w where w.user_id = l.owner_user_id))
      order by l.id
      limit $6`,
    [period.from, period.to, period.kind, afterId, needsLink, BATCH_SIZE],
  )
  return rows
}

/** The WhatsApp text and the template that stands in for it outside the 24-hour window. */
function reportMessage(period: Period, view: PeriodReportView, hasPdf: boolean) {
  const balance = formatBRL(view.income_cents - view.expense_cents)
  if (period.kind === 'weekly') {
    const range = `${formatDayMonth(period.from)} a ${formatDayMonth(period.to)}`
    const text = reportReplies.periodReport(view, {
      heading: `🗓️ *Seu resumo da semana* (${range})`,
    })
    return {
      text: `${text}\n\nPara ver o mês, mande *relatório*.`,
      template: templateMessage('report', [
        `da semana de ${range}`,
        formatBRL(view.income_cents),
        formatBRL(view.expense_cents),
        balance,
      ]),
    }
  }
  const title = monthLabel(period.month ?? '')
  const text = reportReplies.periodReport(view, { heading: `📅 *Seu relatório de ${title}*` })
  return {
    text: hasPdf ? `${text}\n\nPara o extrato completo em PDF, mande *pdf*.` : text,
    template: templateMessage('report', [
      `de ${title}`,
      formatBRL(view.income_cents),
      formatBRL(view.expense_cents),
      balance,
    ]),
  }
}

/**
 * Queues one person's report unless it was queued already. Returns whether a message was
 * queued (false: already sent for this period, or no linked number any more).
 */
async function deliver(db: Db, env: Env, period: Period, person: Candidate): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const claimed = await tx.query(
      `insert into report_deliveries (user_id, kind, period) values ($1, $2, $3)
       on conflict do nothing`,
      [person.user_id, period.kind, period.from],
    )
    if (claimed.rowCount === 0) return false
    const link = isWhatsAppConfigured(env)
      ? await findLinkByUser(tx, { userId: person.user_id })
      : { waId: simulatorWaId(person.user_id) }
    if (!link) {
      // Unlinked since the query: the claim rolls back, so a later run may still send it.
      throw new UnlinkedError()
    }
    const view =
      period.kind === 'weekly'
        ? await weekReportView(tx, {
            ledgerId: person.ledger_id,
            from: period.from,
            to: period.to,
            previousLabel: 'à semana anterior',
          })
        : await monthReportView(tx, { ledgerId: person.ledger_id, month: period.month ?? '' })
    const { text, template } = reportMessage(period, view, person.has_pdf)
    const queued = await enqueueOutbound(tx, {
      idempotencyKey: reportDeliveryKey(period.kind, person.user_id, period.from),
      channel: isWhatsAppConfigured(env) ? 'whatsapp' : 'simulator',
      waId: link.waId,
      userId: person.user_id,
      message: textMessage(text),
      fallback: template,
    })
    await tx.query(
      `update report_deliveries set outbound_id = $4
        where user_id = $1 and kind = $2 and period = $3`,
      [person.user_id, period.kind, period.from, queued.id],
    )
    return queued.created
  })
}

class UnlinkedError extends Error {}

/** Sends the `kind` reports due at `now`. Safe to run any number of times, also at once. */
export async function sendScheduledReports(
  db: Db,
  env: Env,
  kind: ReportKind,
  now: Date,
): Promise<ReportRun> {
  const period = reportPeriod(kind, now)
  // Messages are queued as jobs inside each person's transaction: the job schema must exist.
  const needsLink = isWhatsAppConfigured(env)
  const run: ReportRun = { sent: 0, skipped: 0 }
  let afterId = 0
  for (;;) {
    const batch = await candidates(db, { period, needsLink, afterId })
    for (const person of batch) {
      afterId = person.ledger_id
      try {
        if (await deliver(db, env, period, person)) run.sent++
      } catch (error) {
        if (!(error instanceof UnlinkedError)) throw error
        run.skipped++
      }
    }
    if (batch.length < BATCH_SIZE) return run
  }
}
