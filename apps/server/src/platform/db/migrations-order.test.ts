import { readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Databases record the migrations they applied by file name (schema_migrations, migrate.ts), and
 * apply the rest in name order. A file that sorts between two applied ones runs after them on a
 * live database but before them on a new one: two schemas from one repository. So: the files
 * that exist stay as they are (renaming one re-runs it), and every new one sorts after all of
 * them, with a number of its own.
 */

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations')

/** Merged before this check existed, out of order (004 twice, 014a and 016a in between): kept. */
const BEFORE_THE_CHECK = [
  '001_plan_features.sql',
  '002_profiles_subscribers.sql',
  '003_auth.sql',
  '004_rate_limits.sql',
  '004_waitlist.sql',
  '005_ledger.sql',
  '006_billing.sql',
  '007_whatsapp.sql',
  '008_admin.sql',
  '010_entry_groups_installments.sql',
  '011_notification_settings.sql',
  '012_bills_recurring_budgets_alerts.sql',
  '013_reports.sql',
  '014_teams.sql',
  '014a_support.sql',
  '015_password_failures.sql',
  '016_api_keys.sql',
  '016a_webhooks.sql',
]

/** What is wrong with the list of migration files, in name order; empty when all is well. */
export function migrationProblems(files: readonly string[]): string[] {
  const problems: string[] = []
  const sorted = [...files].sort()
  BEFORE_THE_CHECK.forEach((name, i) => {
    if (sorted[i] !== name) problems.push(`${name} must stay, unrenamed, at position ${i + 1}`)
  })
  let last = 16
  for (const name of sorted.slice(BEFORE_THE_CHECK.length)) {
    const match = /^(\d{3})_[a-z0-9_]+\.sql$/.exec(name)
    const number = Number(match?.[1])
    if (!match) problems.push(`${name}: name it NNN_what_it_does.sql`)
    else if (number <= last) problems.push(`${name}: its number must be above ${last}`)
    else last = number
  }
  return problems
}

describe('migration files', () => {
  it('keep every applied name, and every new one sorts after all of them', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))
    expect(migrationProblems(files)).toEqual([])
  })

  it('refuses a file slipped in between, a reused number, a renamed file and a bad name', () => {
    expect(migrationProblems([...BEFORE_THE_CHECK, '017_cards.sql', '018_x.sql'])).toEqual([])
    expect(migrationProblems([...BEFORE_THE_CHECK, '015b_cards.sql'])).not.toEqual([])
    expect(migrationProblems([...BEFORE_THE_CHECK, '016_cards.sql'])).not.toEqual([])
    expect(migrationProblems([...BEFORE_THE_CHECK, '017_a.sql', '017_b.sql'])).not.toEqual([])
    expect(migrationProblems([...BEFORE_THE_CHECK, '017a_cards.sql'])).not.toEqual([])
    expect(
      migrationProblems(
        BEFORE_THE_CHECK.map((f) => (f === '013_reports.sql' ? '013_report.sql' : f)),
      ),
    ).not.toEqual([])
  })
})
