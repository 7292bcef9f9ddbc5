// TEMPORARY: §9's shapes until packages/shared/src/contracts/accounts.ts lands (accounts-core).
export const ACCOUNT_KINDS = ['checking', 'savings', 'cash', 'investment', 'credit_card'] as const
export type AccountKind = (typeof ACCOUNT_KINDS)[number]
export type Account = {
  id: number
  name: string
  kind: AccountKind
  balance_cents: number
  opening_balance_cents: number
  is_default: boolean
  archived: boolean
  closing_day: number | null
  due_day: number | null
  limit_cents: number | null
  last_digits: string | null
}
export type Transfer = {
  id: number
  from_account_id: number
  to_account_id: number
  amount_cents: number
  occurred_on: string
  description: string
}
export type Invoice = {
  month: string
  closes_on: string
  due_on: string
  total_cents: number
  paid_cents: number
  status: 'open' | 'closed' | 'paid'
}
