import { matchBill, type PlanningDecision, planningReplies, replies } from '@equilibrai/assistant'
import { type EntrySource, nextOccurrence, saoPauloDate, saoPauloMonth } from '@equilibrai/shared'
import { budgetsForMonth, setBudget } from '../budgets/index.ts'
import type { Queryable } from '../platform/index.ts'
import { setNotificationKinds } from '../messaging/index.ts'
import { featureUpsellText, ownerHasFeature, type LedgerRef } from '../tenancy/index.ts'
import { cancelRecurring, insertRecurring, listRecurring } from '../recurring/index.ts'
import { changeBill, insertBill, listBills, unpaidBills } from '../bills/index.ts'
import { LimitReachedError } from '../ledger/index.ts'

/*
 * What the assistant does for bills, recurring entries, budgets and alert settings
 * (packages/assistant bills-recurring-budgets.ts decides; this acts, inside the message's transaction).
 * Bills and recurring entries are for every plan; budgets need alertas_orçamento (otherwise
 * the upsell reply, ARCHITECTURE §8).
 */

export type PlanningInput = {
  ledger: LedgerRef
  userId: string
  now: Date
  source: EntrySource
  messageId?: string
  publicUrl: string
  /** Acts on what the message would mean without the planning reader ('paguei 50 no mercado'). */
  fallback: (
    decision: Extract<PlanningDecision, { kind: 'pay_bill' }>['otherwise'],
  ) => Promise<string>
}

const ALERT_KINDS = ['bill_reminders', 'budget_alerts', 'high_spending_alerts'] as const

export async function actPlanning(
  tx: Queryable,
  input: PlanningInput,
  decision: PlanningDecision,
): Promise<string> {
  const { ledger, userId, now } = input
  const today = saoPauloDate(now)
  switch (decision.kind) {
    case 'list_bills': {
      // 'o que vence essa semana?': the next `within_days` days; 'contas': the next 30.
      const days = decision.within_days ?? 30
      // 'essa semana': today and the 6 days after it.
      const ahead = decision.within_days === undefined ? 30 : days - 1
      const until = new Date(now.getTime() + ahead * 86_400_000)
      const bills = await listBills(tx, {
        ledgerId: ledger.ledgerId,
        unpaidOnly: true,
        dueBefore: saoPauloDate(until),
        limit: 30,
      })
      return planningReplies.bills(bills, today, days)
    }

    case 'monthly_bill': {
      const dueOn = nextOccurrence(today, decision.day_of_month)
      const bill = await insertBill(tx, {
        ledgerId: ledger.ledgerId,
        createdBy: userId,
        description: decision.description,
        amountCents: decision.amount_cents,
        category: decision.category,
        dueOn,
        recurrence: 'monthly',
        dayOfMonth: decision.day_of_month,
      })
      return planningReplies.monthlyBillRecorded(bill)
    }

    case 'pay_bill': {
      const open = await unpaidBills(tx, { ledgerId: ledger.ledgerId })
      const bill = matchBill(decision.name, open)
      if (!bill) {
        // Not a bill of theirs: an ordinary entry ('paguei 50 no mercado'), or say so.
        const kind = decision.otherwise.kind
        if (kind === 'entry' || kind === 'confirm_large' || kind === 'confirm_entry') {
          return input.fallback(decision.otherwise)
        }
        return planningReplies.noBillNamed(decision.name || 'essa conta', open)
      }
      try {
        const paid = await changeBill(tx, {
          ledger,
          userId,
          id: bill.id,
          change: { paid_on: decision.paid_on },
          recordAs: {
            source: input.source,
            amountCents: decision.amount_cents,
            whatsappMessageId: input.source === 'whatsapp' ? (input.messageId ?? null) : null,
          },
        })
        return planningReplies.billPaid({
          description: paid.bill.description,
          amount_cents: decision.amount_cents ?? bill.amount_cents,
          recorded: paid.entryId !== null,
          next_due_on: paid.next?.due_on ?? null,
        })
      } catch (error) {
        if (!(error instanceof LimitReachedError)) throw error
        // The month is full: still mark the bill paid, without the entry.
        const paid = await changeBill(tx, {
          ledger,
          userId,
          id: bill.id,
          change: { paid_on: decision.paid_on },
        })
        return planningReplies.billPaid({
          description: paid.bill.description,
          amount_cents: null,
          recorded: false,
          next_due_on: paid.next?.due_on ?? null,
          limitText: replies.limitReached({
            max: error.limit,
            upgradeUrl: `${input.publicUrl}/dashboard`,
          }),
        })
      }
    }

    case 'add_recurring': {
      const recurring = await insertRecurring(tx, {
        ledgerId: ledger.ledgerId,
        createdBy: userId,
        input: { ...decision.entry, day_of_month: decision.day_of_month },
        nextOn: nextOccurrence(today, decision.day_of_month),
        source: input.source,
      })
      return planningReplies.recurringAdded(recurring)
    }

    case 'list_recurring':
      return planningReplies.recurringList(await listRecurring(tx, { ledgerId: ledger.ledgerId }))

    case 'cancel_recurring': {
      const list = await listRecurring(tx, { ledgerId: ledger.ledgerId })
      const target = list[decision.index - 1]
      const cancelled = target
        ? await cancelRecurring(tx, { ledgerId: ledger.ledgerId, id: target.id })
        : null
      return cancelled
        ? planningReplies.recurringCancelled(cancelled)
        : planningReplies.recurringNotFound(decision.index)
    }

    case 'set_budget':
    case 'remove_budget':
    case 'list_budgets': {
      if (!(await ownerHasFeature(tx, { ownerId: ledger.ownerId, feature: 'alertas_orçamento' }))) {
        return featureUpsellText(tx, { feature: 'alertas_orçamento', publicUrl: input.publicUrl })
      }
      const month = saoPauloMonth(now)
      if (decision.kind === 'list_budgets') {
        return planningReplies.budgets(
          await budgetsForMonth(tx, { ledgerId: ledger.ledgerId, month }),
          month,
        )
      }
      const limitCents = decision.kind === 'set_budget' ? decision.limit_cents : null
      await setBudget(tx, {
        ledgerId: ledger.ledgerId,
        category: decision.category,
        month,
        limitCents,
      })
      if (decision.kind === 'remove_budget') return planningReplies.budgetRemoved(decision.category)
      const row = (await budgetsForMonth(tx, { ledgerId: ledger.ledgerId, month })).find(
        (b) => b.category === decision.category,
      )
      return planningReplies.budgetSet(
        row ?? {
          category: decision.category,
          limit_cents: decision.limit_cents,
          spent_cents: 0,
          percent: 0,
        },
        month,
      )
    }

    case 'alerts': {
      // Settings are the person's own (a team member silences their own messages).
      const kinds = decision.scope === 'reminders' ? (['bill_reminders'] as const) : ALERT_KINDS
      await setNotificationKinds(tx, { userId, kinds, on: decision.on })
      return planningReplies.alertsChanged(decision.on, decision.scope)
    }

    case 'planning_help':
      return planningReplies.help(decision.topic)
  }
}
