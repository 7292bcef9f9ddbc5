import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../platform/index.ts'

/** Team errors: stable codes, pt-BR messages (http/errors.ts maps them). */

export class NotTeamOwnerError extends ForbiddenError {
  constructor() {
    super('Apenas o titular da equipe pode fazer isso.')
  }
}

export class SeatsFullError extends ConflictError {
  constructor(maxUsers: number, planName: string) {
    super(
      `Sua equipe já usa os ${maxUsers} lugares do plano ${planName} (contando convites pendentes). ` +
        'Cancele um convite, remova um membro ou mude de plano.',
      'SEATS_FULL',
    )
  }
}

export class MemberNotFoundError extends NotFoundError {
  constructor() {
    super('Membro não encontrado.')
  }
}

export class InvitationNotFoundError extends NotFoundError {
  constructor() {
    super('Convite não encontrado.')
  }
}

export class InvitationClosedError extends ConflictError {
  constructor(status: 'accepted' | 'cancelled' | 'expired') {
    const messages = {
      accepted: ['INVITATION_USED', 'Este convite já foi usado.'],
      cancelled: ['INVITATION_CANCELLED', 'Este convite foi cancelado pelo titular da equipe.'],
      expired: [
        'INVITATION_EXPIRED',
        'Este convite expirou. Peça um novo convite ao titular da equipe.',
      ],
    } as const
    const [code, message] = messages[status]
    super(message, code)
  }
}

export class InvitationEmailMismatchError extends AppError {
  constructor() {
    super(
      403,
      'INVITATION_EMAIL_MISMATCH',
      'Este convite foi enviado para outro e-mail. Entre com a conta do e-mail convidado.',
    )
  }
}

export class TeamConflictError extends ConflictError {}
