/** The signed-in person, as GET /api/auth/get-session returns it (Better Auth's user). */
export type SessionUser = {
  id: string
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  role?: string | null
}

/** The session's public part: the token itself stays in an httpOnly cookie. */
export type SessionInfo = {
  id: string
  userId: string
  expiresAt: string
  createdAt: string
}

export type SessionData = { user: SessionUser; session: SessionInfo }
