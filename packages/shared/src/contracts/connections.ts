import { z } from 'zod'

/*
 * Open Finance connections (ARCHITECTURE §11): a bank connected through the aggregator
 * (Pluggy). The bank password never stays with us: in production the aggregator's widget takes
 * it and we receive an item id; the demo mode's sandbox bank takes it here and hands it on.
 */

export const CONNECTION_STATUSES = [
  'syncing',
  'ok',
  'login_error',
  'needs_action',
  'outdated',
] as const
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number]

/** What the web shows for each status (pt-BR). */
export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  syncing: 'Sincronizando…',
  ok: 'Em dia',
  login_error: 'Senha recusada pelo banco',
  needs_action: 'O banco pede uma ação',
  outdated: 'Desatualizada',
}

export const connectionSchema = z.object({
  id: z.number().int(),
  institution: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  last_synced_at: z.string().nullable(),
  /** Why the last sync failed or was partial (pt-BR), null when it went well. */
  error: z.string().nullable(),
  /** The code the bank asked for, when status is needs_action because of it. */
  mfa: z.object({ label: z.string() }).nullable(),
  /** When the bank's consent ends (the person renews it at the bank), null when unknown. */
  consent_expires_at: z.string().nullable(),
  created_at: z.string(),
})
export type Connection = z.infer<typeof connectionSchema>

export const connectionListSchema = z.object({ data: z.array(connectionSchema) })

const credentialValue = z.string().trim().min(1, 'Preencha este campo.').max(200)

/** A bank's login fields by name (`user`, `password`), demo/sandbox only. */
export const credentialsSchema = z
  .record(z.string().min(1).max(50), credentialValue)
  .refine((v) => Object.keys(v).length > 0 && Object.keys(v).length <= 10, {
    message: 'Informe os dados de acesso do banco.',
  })

/** POST /api/v1/connections: the sandbox/demo credentials, or the item the widget created. */
export const createConnectionSchema = z.union([
  z.strictObject({
    connector_id: z.number().int().positive(),
    credentials: credentialsSchema,
  }),
  z.strictObject({ item_id: z.string().trim().min(1).max(100) }),
])
export type CreateConnectionInput = z.infer<typeof createConnectionSchema>

export const connectionMfaSchema = z.strictObject({
  code: z.string().trim().min(1, 'Informe o código.').max(20),
})

export const connectorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  credentials: z.array(
    z.object({ name: z.string(), label: z.string(), type: z.enum(['text', 'password', 'number']) }),
  ),
  sandbox: z.boolean(),
})
export type Connector = z.infer<typeof connectorSchema>
/** `mode`: 'widget' (the aggregator's connect widget takes the password) or 'demo' (this form). */
export const connectModeSchema = z.enum(['widget', 'demo'])
export type ConnectMode = z.infer<typeof connectModeSchema>
export const connectorListSchema = z.object({
  data: z.array(connectorSchema),
  mode: connectModeSchema,
})

/** POST /api/v1/connections/connect-token: optional `connection_id` to reconnect that one. */
export const connectTokenRequestSchema = z.strictObject({
  connection_id: z.number().int().positive().optional(),
})
/** `item_id`: the item the widget is to update (reconnecting), else null. */
export const connectTokenSchema = z.object({
  connect_token: z.string(),
  mode: connectModeSchema,
  item_id: z.string().nullable(),
})
export type ConnectToken = z.infer<typeof connectTokenSchema>
