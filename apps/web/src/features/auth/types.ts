/** The social sign-in providers /auth offers. The session's types are in '@/lib/auth'. */
export type SocialProvider = 'google' | 'github'
