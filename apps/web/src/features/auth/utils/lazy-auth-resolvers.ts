import type { ForgotPasswordInput, LoginInput, SignupInput } from '@equilibrai/shared'
import { lazyResolver } from '@/lib/lazy-resolver'

const resolvers = () => import('./auth-resolvers')

/** The auth forms' validation, whose code loads on first use (or on `preload`). */
export const login = lazyResolver<LoginInput>(() => resolvers().then((m) => m.loginResolver))
export const signup = lazyResolver<SignupInput>(() => resolvers().then((m) => m.signupResolver))
export const forgotPassword = lazyResolver<ForgotPasswordInput>(() =>
  resolvers().then((m) => m.forgotPasswordResolver),
)
