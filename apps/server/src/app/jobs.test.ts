import { JOBS } from './jobs.ts'
import { crontab, startupJobs } from './task-registry.ts'
import { jobKey } from '../platform/jobs/job-spec.ts'
import { mailSendJob } from '../platform/mail/mail.jobs.ts'
import {
  whatsappInboundJob,
  whatsappSendJob,
  whatsappStatusJob,
} from '../messaging/whatsapp.jobs.ts'
import { parseCrontab } from 'graphile-worker'
import { describe, expect, it } from 'vitest'

describe('the job table', () => {
  it('builds the crontab from its schedules, with each row’s attempts and catch-up', () => {
    const items = parseCrontab(crontab())
    const byTask = Object.fromEntries(items.map((item) => [item.task, item.options]))
    expect(Object.keys(byTask).sort()).toEqual([
      'bill_reminders',
      'mail_recover',
      'mail_retention',
      'monthly_reports',
      'open_finance_sync',
      'prune_auth_data',
      'prune_public_api',
      'recurring_entries',
      'reset_monthly_counters',
      'weekly_reports',
      'whatsapp_recover',
      'whatsapp_retention',
    ])
    expect(byTask.reset_monthly_counters).toMatchObject({
      maxAttempts: 5,
      backfillPeriod: 24 * 60 * 60 * 1000,
    })
    expect(byTask.prune_auth_data).toMatchObject({ maxAttempts: 1, backfillPeriod: 0 })
    expect(byTask.open_finance_sync).toMatchObject({ maxAttempts: 3, backfillPeriod: 0 })
    expect(byTask.whatsapp_recover).toMatchObject({ maxAttempts: 1, backfillPeriod: 0 })
    expect(byTask.mail_recover).toMatchObject({ maxAttempts: 1, backfillPeriod: 0 })
    expect(byTask.recurring_entries).toMatchObject({
      maxAttempts: 10,
      backfillPeriod: 24 * 60 * 60 * 1000,
    })
  })

  it('gives every row a distinct task name and key prefix', () => {
    const specs = Object.values(JOBS)
    const tasks = specs.map((spec) => spec.task)
    expect(new Set(tasks).size).toBe(tasks.length)
    const prefixes = specs.flatMap((spec) => (spec.keyPrefix ? [spec.keyPrefix] : []))
    expect(new Set(prefixes).size).toBe(prefixes.length)
  })

  it('spells keys under the row’s prefix and refuses a key for a row without one', () => {
    expect(jobKey(whatsappSendJob, 42)).toBe('wa-out:42')
    expect(jobKey(mailSendJob, 42)).toBe('mail:42')
    expect(jobKey(whatsappInboundJob, 'wamid.X')).toBe('wa-in:wamid.X')
    expect(() => jobKey(whatsappStatusJob, 1)).toThrow(/no job-key prefix/)
  })

  it('queues the recovery sweeps when a runner starts', () => {
    expect(startupJobs().map((spec) => spec.task)).toEqual(['whatsapp_recover', 'mail_recover'])
  })
})
