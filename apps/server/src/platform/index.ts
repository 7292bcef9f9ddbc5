export {
  lockForSession,
  lockForTransaction,
  tryLockForSession,
  unlockSession,
  unlockSessions,
} from './db/advisory-locks.ts'
export { openDatabase } from './db/database.ts'
export { isDatabaseUnavailable } from './db/unavailable.ts'
export type { Database, Db } from './db/database.ts'
export { DataDirBusyError } from './db/embedded-postgres.ts'
export type { OwnerRole } from './db/embedded-postgres.ts'
export { migrate } from './db/migrate.ts'
export { inTransaction, isUniqueViolation, withTransaction } from './db/transaction.ts'
export type { Queryable } from './db/transaction.ts'
export { EnvError, loadEnv } from './env.ts'
export type { Env } from './env.ts'
export {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  UnauthorizedError,
  UnprocessableError,
  ValidationError,
} from './errors.ts'
export type { AppBindings, PlatformDeps } from './http/app-types.ts'
export { declaredBodyLimit } from './http/body-limit.ts'
export { clientIp } from './http/client-ip.ts'
export { crossSiteGuard, isBearerAuthenticatedRequest, isFileUpload } from './http/cross-site.ts'
export { errorBody, onError } from './http/errors.ts'
export { rejectMalformedUrl, rejectNulInput, withoutNul } from './http/input-hygiene.ts'
export { apiDoc, openApiDocumentation } from './http/openapi.ts'
export { parseBody, parseQuery, pathId } from './http/parse.ts'
export { requestLog } from './http/request-log.ts'
export { noStoreByDefault, serverRequestId } from './http/response-policy.ts'
export { securityHeaders } from './http/security-headers.ts'
export { DOWNLOAD_IDLE_MS, streamedBody } from './http/streamed-body.ts'
export { loadStaticFiles, serveStatic } from './http/static-files.ts'
export { addJob, addJobs, ensureJobSchema } from './jobs/add-job.ts'
export { heldByLiveLockerSql, startLockRecovery } from './jobs/lock-recovery.ts'
export { DAILY_RUN_LANES, inLanes, sumLanes } from './jobs/run-lanes.ts'
export type { LockRecovery } from './jobs/lock-recovery.ts'
export { cronPayload, defineJob, idPayload, isScheduled } from './jobs/job-spec.ts'
export type {
  JobRow,
  JobSpec,
  QueuedJob,
  RunCounts,
  ScheduledDeps,
  ScheduledJob,
  TaskDeps,
} from './jobs/job-spec.ts'
export { BusyError, createLanes, Lane } from './lanes.ts'
export { apiLane } from './http/api-lane.ts'
export type { LaneOptions, Lanes, LaneTurn } from './lanes.ts'
export { createLogger } from './logger.ts'
export { lowerPriority } from './process-priority.ts'
export type { Logger } from './logger.ts'
export { mailSendJob } from './mail/mail.jobs.ts'
export { createMailer } from './mail/mailer.ts'
export type { Mailer } from './mail/mailer.ts'
export {
  applyEmailRetention,
  deliverEmail,
  dropQueuedEmails,
  queueEmail,
  queueEmailNow,
  recoverEmails,
} from './mail/outbox.ts'
export type { EmailToQueue, MailSendPolicy } from './mail/outbox.ts'
export { BRAND, escapeHtml, GREETING, layout } from './mail/templates.ts'
export type { MailContent } from './mail/templates.ts'
export { consumeRateLimit, pruneRateLimits, rateLimitKey } from './rate-limiter.ts'
export type { RateLimitRule } from './rate-limiter.ts'
