import { monthLabel, type ReportDecision, reportReplies } from '@equilibrai/assistant'
import { addMonths, reportPdfFilename, saoPauloMonth } from '@equilibrai/shared'
import type { Queryable } from '../platform/index.ts'
import { type LedgerRef, featureUpsellText, ownerHasFeature } from '../tenancy/index.ts'
import { type StoredDocument, storeDocument } from '../messaging/index.ts'
import { monthReportView, weekReportView } from './period-report.ts'
import { lastSevenDays } from './report-dates.ts'
import { buildMonthlyStatement } from './statement.ts'

/*
 * The assistant's report commands (ARCHITECTURE §8): 'relatório' / 'relatório de outubro'
 * (relatórios_básicos), 'relatório da semana' (the last 7 days), 'pdf' (exportação_pdf: the
 * last complete month's statement, or the month named, as a document). A plan without the
 * feature gets the upsell reply; 'resumo' is not here and works on every plan.
 */

export type ReportAnswer = {
  reply: string
  /** The statement to send as a WhatsApp document, with `reply` as its caption. */
  document?: StoredDocument
}

export async function answerReportRequest(
  tx: Queryable,
  input: {
    userId: string
    ledger: LedgerRef
    decision: ReportDecision
    now: Date
    publicUrl: string
    messageId?: string | undefined
  },
): Promise<ReportAnswer> {
  const { ledger, decision, now } = input
  const feature = decision.kind === 'report_pdf' ? 'exportação_pdf' : 'relatórios_básicos'
  if (!(await ownerHasFeature(tx, { ownerId: ledger.ownerId, feature }))) {
    return { reply: await featureUpsellText(tx, { feature, publicUrl: input.publicUrl }) }
  }
  if (decision.kind === 'report') {
    if (decision.period === 'week') {
      const view = await weekReportView(tx, { ledgerId: ledger.ledgerId, ...lastSevenDays(now) })
      return {
        reply: reportReplies.periodReport(view, {
          heading: `🗓️ *Relatório da semana* (${view.title})`,
        }),
      }
    }
    const month = decision.month ?? saoPauloMonth(now)
    const view = await monthReportView(tx, { ledgerId: ledger.ledgerId, month })
    const reply = reportReplies.periodReport(view)
    return { reply: view.entries > 0 ? `${reply}\n\nPara o extrato em PDF, mande *pdf*.` : reply }
  }
  const month = decision.month ?? addMonths(saoPauloMonth(now), -1)
  const view = await monthReportView(tx, { ledgerId: ledger.ledgerId, month })
  if (view.entries === 0) {
    return {
      reply: `Não há lançamentos em ${monthLabel(month)}, então não há extrato para enviar. Para outro mês, mande por exemplo *pdf de outubro*.`,
    }
  }
  const pdf = await buildMonthlyStatement(tx, {
    userId: input.userId,
    ledgerId: ledger.ledgerId,
    month,
    now,
  })
  const document = await storeDocument(tx, {
    userId: input.userId,
    filename: reportPdfFilename(month),
    mimeType: 'application/pdf',
    content: pdf,
    sourceMessageId: input.messageId,
  })
  return { reply: reportReplies.statementCaption(monthLabel(month)), document }
}
