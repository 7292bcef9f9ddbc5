import pino from 'pino'

export type Logger = pino.Logger

/**
 * Structured JSON logs. Message texts and personal data stay out of info-level logs (LGPD);
 * the redaction list is a safety net for the fields that could carry them.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', 'text'],
      censor: '[redacted]',
    },
  })
}
