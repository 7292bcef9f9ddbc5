import { whatsappInboundJob, whatsappSendJob } from '../../messaging/index.ts'
import type { Db, Env, Logger } from '../../platform/index.ts'
import { type JobRunner, startJobRunner } from '../job-runner.ts'

/**
 * A job runner for the channel's message jobs only (processing and sending), for the CLI chat:
 * the conversation moves whether or not a server is running. When one is, both runners take
 * jobs from the same queue, and either may answer. No schedules run here.
 */
export function startChannelRunner(db: Db, env: Env, log: Logger): Promise<JobRunner> {
  return startJobRunner(db, log, env, 2, [whatsappInboundJob.task, whatsappSendJob.task])
}
