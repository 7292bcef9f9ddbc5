// zod's pt-BR messages: /auth hydrates without the app's router (app.tsx imports them there),
// and this module is where its forms first meet zod.
import '@equilibrai/shared/zod-locale'
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  type LoginInput,
  loginSchema,
  type SignupInput,
  signupSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import type { Resolver } from 'react-hook-form'

/** The auth forms' resolvers, loaded on the first validation (lib/lazy-resolver.ts). */
export const loginResolver: Resolver<LoginInput> = zodResolver(loginSchema)
export const signupResolver: Resolver<SignupInput> = zodResolver(signupSchema)
export const forgotPasswordResolver: Resolver<ForgotPasswordInput> =
  zodResolver(forgotPasswordSchema)
