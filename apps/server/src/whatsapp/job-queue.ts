/** The WhatsApp channel's task names; jobs are queued with SQL by jobs/add-job.ts. */

export const TASKS = {
  inbound: 'whatsapp_inbound',
  send: 'whatsapp_send',
  status: 'whatsapp_status',
  recover: 'whatsapp_recover',
  retention: 'whatsapp_retention',
} as const

export { addJob, ensureJobSchema } from '../jobs/add-job.ts'
