/**
 * Better Auth's error codes in the spec's words (SPEC §8): the client shows `message` as is.
 * Codes are kept, so the client can still tell the cases apart.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Email ou senha incorretos',
  INVALID_PASSWORD: 'Senha incorreta',
  EMAIL_NOT_VERIFIED: 'Por favor, confirme seu email antes de fazer login',
  USER_ALREADY_EXISTS: 'Este email já está cadastrado',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'Este email já está cadastrado',
  PASSWORD_TOO_SHORT: 'Senha deve ter no mínimo 8 caracteres',
  PASSWORD_TOO_LONG: 'Senha deve ter no máximo 128 caracteres',
  INVALID_EMAIL: 'Email inválido',
  INVALID_TOKEN: 'Este link é inválido ou expirou. Peça um novo.',
  TOKEN_EXPIRED: 'Este link é inválido ou expirou. Peça um novo.',
  FAILED_TO_CREATE_USER: 'Não foi possível criar sua conta. Tente novamente.',
  FAILED_TO_CREATE_SESSION: 'Não foi possível entrar agora. Tente novamente.',
  PROVIDER_NOT_FOUND: 'Este login social não está disponível no momento.',
  BANNED_USER: 'Sua conta está suspensa. Fale com o suporte.',
  EMAIL_ALREADY_VERIFIED: 'Este e-mail já foi confirmado. Você já pode entrar.',
  INVALID_ORIGIN: 'Origem da requisição não permitida.',
  MISSING_OR_NULL_ORIGIN: 'Origem da requisição não permitida.',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Origem da requisição não permitida.',
  INVALID_CALLBACK_URL: 'Endereço de retorno inválido.',
  INVALID_REDIRECT_URL: 'Endereço de retorno inválido.',
  INVALID_ERROR_CALLBACK_URL: 'Endereço de retorno inválido.',
  FIELD_NOT_ALLOWED: 'Requisição inválida.',
  VALIDATION_ERROR: 'Requisição inválida.',
}

const FALLBACK_CLIENT = 'Não foi possível concluir a operação. Tente novamente.'
const FALLBACK_SERVER = 'Erro interno. Tente novamente em instantes.'

export function translateAuthError(
  status: number,
  body: unknown,
): { code: string; message: string } {
  const code =
    typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : status >= 500
        ? 'INTERNAL_ERROR'
        : `AUTH_${status}`
  const message = MESSAGES[code] ?? (status >= 500 ? FALLBACK_SERVER : FALLBACK_CLIENT)
  return { code, message }
}
