export { documentForMessage, getDocument, storeDocument } from './documents.ts'
export type { StoredDocument } from './documents.ts'
export {
  countFailedAttempt,
  lockInbound,
  conversationLockKey,
  inboundSender,
  openInboundSenders,
  lockConversationThenNext,
  nextInConversation,
  markFailed,
  markProcessed,
  recentWithStatus,
} from './inbox.queries.ts'
export type { InboundRow } from './inbox.queries.ts'
export type { Channel } from './outbox.queries.ts'
export {
  batchCandidates,
  closeBatch,
  lockBatchRows,
  tryLockConversations,
} from './inbox-batch.queries.ts'
export type { BatchCandidate, ClosedInbound } from './inbox-batch.queries.ts'
export { receive } from './inbox.ts'
export {
  consumeLinkCode,
  findLinkByUser,
  findAndTouchLink,
  findAndTouchLinks,
  findLinkByWaId,
  linkNumber,
  touchLink,
} from './links.queries.ts'
export type { Link } from './links.queries.ts'
export { MAX_FAILED_LINKS_PER_HOUR, normalizeCode } from './links.ts'
export {
  buttonReplyText,
  choiceMessage,
  confirmMessage,
  documentMessage,
  textMessage,
} from './messages.ts'
export type { OutboundMessage } from './messages.ts'
export {
  getNotificationSettings,
  setNotificationKinds,
  wantsSql,
} from './notification-settings.queries.ts'
export { notificationSettingsRoutes } from './notification-settings.routes.ts'
export { notifyUser, queueNotification } from './notify.ts'
export { applyStatus } from './outbox.queries.ts'
export { downloadMedia } from './media.ts'
export type { MediaDownload } from './media.ts'
export { maskWaId, phoneKey, waIdForms } from './phone.ts'
export { applyRetention, recoverUnfinished } from './recovery.ts'
export { deliverOutbound, enqueueOutbound, enqueueOutboundBatch } from './sender.ts'
export { runSendJob } from './send-job.ts'
export type { OutboundInput } from './sender.ts'
export type { SendPolicy } from './sender.ts'
export { templateMessage } from './templates.ts'
export type { TemplatePurpose } from './templates.ts'
export { whatsappAdminRoutes } from './whatsapp-admin.routes.ts'
export { isWhatsAppConfigured, signupUrl, simulatorWaId } from './whatsapp-config.ts'
export { whatsappWebhookRoutes } from './whatsapp-webhook.routes.ts'
export {
  INBOUND_JOB_MESSAGES,
  WHATSAPP_PROCESS_ATTEMPTS,
  whatsappInboundJob,
  whatsappSendJob,
  whatsappStatusJob,
} from './whatsapp.jobs.ts'
export { whatsappRoutes } from './whatsapp.routes.ts'
