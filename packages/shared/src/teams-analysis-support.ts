import { z } from 'zod'
import { monthSchema } from './transactions.ts'
import { emailSchema } from './validation.ts'

/*
 * The business plans' contracts (ARCHITECTURE §8): teams, the team summary, advanced analysis
 * and support requests, with the pt-BR messages written once.
 */

// ── Teams ────────────────────────────────────────────────────────────────────────────────

/** POST /api/team/invitations and the /equipe form. */
export const teamInvitationSchema = z.object({
  email: z
    .string({ error: 'Email inválido' })
    .trim()
    .toLowerCase()
    .pipe(emailSchema)
    .refine((v) => v.length <= 254, 'Email inválido'),
})
export type TeamInvitationInput = z.input<typeof teamInvitationSchema>

export type TeamRole = 'owner' | 'member'

export type TeamMember = {
  user_id: string
  name: string
  email: string
  role: TeamRole
  joined_at: string
  /** Whether this person works in the team's ledger now (false past the plan's seats). */
  active: boolean
}

export type TeamInvitation = { id: number; email: string; expires_at: string }

/**
 * `status`: 'active' while the owner's plan allows members; 'suspended' after a downgrade or
 * cancellation (members work in their own ledgers until the owner upgrades again).
 */
export type Team = {
  owner: { user_id: string; name: string; email: string }
  members: TeamMember[]
  invitations: TeamInvitation[]
  max_users: number
  seats_used: number
  status: 'active' | 'suspended'
  plan_name: string
  /** The caller's role in this team. */
  my_role: TeamRole
}

/** GET /api/team/invitations/:token (the /convite page, before signing in). */
export type InvitationPreview = {
  email: string
  owner_name: string
  expires_at: string
  status: 'pending' | 'accepted' | 'cancelled' | 'expired'
}

export const teamSummaryQuerySchema = z.object({ month: monthSchema.optional() })

// ── Advanced analysis ────────────────────────────────────────────────────────────────────

export const ANALYSIS_MAX_MONTHS = 24

export const analysisQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'Número de meses inválido' })
    .int('Número de meses inválido')
    .min(1, 'Número de meses inválido')
    .max(ANALYSIS_MAX_MONTHS, `Máximo de ${ANALYSIS_MAX_MONTHS} meses`)
    .default(12),
})

// ── Support ──────────────────────────────────────────────────────────────────────────────

export const supportRequestSchema = z.object({
  subject: z
    .string({ error: 'Assunto é obrigatório' })
    .trim()
    .min(1, 'Assunto é obrigatório')
    .max(150, 'Assunto deve ter no máximo 150 caracteres'),
  message: z
    .string({ error: 'Mensagem é obrigatória' })
    .trim()
    .min(1, 'Mensagem é obrigatória')
    .max(5000, 'Mensagem deve ter no máximo 5000 caracteres'),
})
export type SupportRequestInput = z.input<typeof supportRequestSchema>

export const supportAnswerSchema = z.object({
  answer: z
    .string({ error: 'Resposta é obrigatória' })
    .trim()
    .min(1, 'Resposta é obrigatória')
    .max(5000, 'Resposta deve ter no máximo 5000 caracteres'),
})

/** 'dedicated' (suporte_dedicado), 'priority' (suporte_prioritário), 'standard'. */
export const SUPPORT_TIERS = ['dedicated', 'priority', 'standard'] as const
export type SupportTier = (typeof SUPPORT_TIERS)[number]

export const SUPPORT_TIER_LABELS: Record<SupportTier, string> = {
  dedicated: 'Dedicado',
  priority: 'Prioritário',
  standard: 'Padrão',
}

export type SupportRequest = {
  id: number
  subject: string
  message: string
  plan_type: string
  tier: SupportTier
  status: 'open' | 'answered'
  created_at: string
  answer: string | null
  answered_at: string | null
}

/** An admin's view adds who asked and the plan's name. */
export type AdminSupportRequest = SupportRequest & {
  user_id: string
  name: string
  email: string
  plan_name: string
}

export type AccountManager = { name: string; email: string; whatsapp: string }

/** PUT /api/admin/account-managers (admin) and the CLI's set-account-manager. */
export const accountManagerSchema = z.object({
  customer_email: z.string({ error: 'Email inválido' }).trim().toLowerCase().pipe(emailSchema),
  name: z
    .string({ error: 'Nome é obrigatório' })
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(100, 'Nome deve ter no máximo 100 caracteres'),
  email: z.string({ error: 'Email inválido' }).trim().toLowerCase().pipe(emailSchema),
  whatsapp: z
    .string({ error: 'WhatsApp inválido' })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => /^\d{10,15}$/.test(v), 'WhatsApp inválido'),
})
export type AccountManagerInput = z.input<typeof accountManagerSchema>
