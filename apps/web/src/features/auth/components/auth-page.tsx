import { useCallback, useEffect, useRef, useState } from 'react'
import { AfterHydration, HydratedFieldset } from '@/components/hydration-gates'
import { Card, CardContent } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { toastError, toastSuccess } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { startSocialSignIn } from '../api/social-sign-in'
import type { SocialProvider } from '../types'
import { planFrom } from '../utils/auth-paths'
import { AuthLayout } from './auth-layout'
import { ForgotPasswordForm } from './forgot-password-form'
import { LoginForm } from './login-form'
import { SignupForm } from './signup-form'
import { SocialButtons } from './social-buttons'

export const SOCIAL_ERROR: Record<SocialProvider, string> = {
  google: 'Erro ao fazer login com Google',
  github: 'Erro ao fazer login com GitHub',
}

type Tab = 'entrar' | 'cadastrar'

/**
 * One-shot messages carried in the URL by the server's redirects: back from the confirmation
 * link (`confirmado=1`, maybe with `error`), back from a failed social sign-in (`erro=google`).
 * Shown once, then dropped from the URL; `plan` stays.
 */
function useReturnMessages({ search, replaceSearch }: PageSearch, onForgot: () => void) {
  const shown = useRef(false)
  useEffect(() => {
    if (shown.current) return
    shown.current = true
    const params = new URLSearchParams(search)
    const confirmed = params.get('confirmado')
    const provider = params.get('erro')
    const error = params.get('error')
    if (confirmed) {
      if (error) {
        toastError(
          undefined,
          'Este link de confirmação é inválido ou expirou. Entre com seu e-mail e senha para receber um novo.',
        )
      } else toastSuccess('E-mail confirmado! Agora é só entrar.')
    }
    if (provider === 'google' || provider === 'github') {
      toastError(undefined, SOCIAL_ERROR[provider])
    } else if (error && !confirmed) {
      // Any other error Better Auth sent back here (its errorURL is /auth).
      toastError(undefined, 'Não foi possível entrar. Tente novamente.')
    }
    if (params.get('esqueci')) onForgot()
    if (confirmed || provider || error || params.get('esqueci')) {
      const next = new URLSearchParams()
      const plan = params.get('plan')
      if (plan) next.set('plan', plan)
      replaceSearch(next.toString())
    }
  }, [search, replaceSearch, onForgot])
}

/**
 * The page's URL query, from whoever renders the page: the router (auth-route.tsx) or the page
 * alone (standalone-auth-page.tsx). `replaceSearch` swaps it without a history entry.
 */
export type PageSearch = { search: string; replaceSearch: (search: string) => void }

/**
 * /auth (spec §2): Entrar and Cadastrar, e-mail or Google/GitHub, all in pt-BR. Free of the
 * router and of the session's provider, so that the prerendered page hydrates without them
 * (ADR 018, 2026-11-26): what it needs from around it comes in as props.
 */
export function AuthPage({
  search,
  replaceSearch,
  onSignedIn,
}: PageSearch & {
  /** After a sign-in: move on (to /dashboard, carrying `?plan=`, or the pending invitation). */
  onSignedIn: () => Promise<void>
}) {
  usePageTitle('Entrar')
  const params = new URLSearchParams(search)
  const plan = planFrom(search)
  // An invitation's e-mail (/convite → /auth?email=), written in for the person.
  const initialEmail = params.get('email')?.trim().slice(0, 254) ?? ''
  const [tab, setTab] = useState<Tab>('entrar')
  // The free plan's 'Começar Agora' and an invitee without an account come to sign up. Set
  // after hydration: /auth is prerendered on the 'Entrar' tab.
  const wantsSignup = plan === 'free' || params.get('aba') === 'cadastrar'
  useEffect(() => {
    if (wantsSignup) setTab('cadastrar')
  }, [wantsSignup])
  const [forgot, setForgot] = useState<{ email: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)

  const openForgot = useCallback(() => {
    setTab('entrar')
    setForgot({ email: '' })
  }, [])
  useReturnMessages({ search, replaceSearch }, openForgot)

  /** Runs one request at a time; every button on the page is disabled meanwhile (spec §2). */
  const run = useCallback(async (task: () => Promise<void>) => {
    if (busyRef.current) return
    busyRef.current = true
    setBusy(true)
    try {
      await task()
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }, [])

  const social = (provider: SocialProvider) =>
    void run(async () => {
      let url: string
      try {
        url = await startSocialSignIn(provider, plan)
      } catch (error) {
        toastError(error, SOCIAL_ERROR[provider])
        return
      }
      window.location.assign(url)
      // Leaving for the provider: keep the buttons disabled until the page goes.
      await new Promise(() => {})
    })

  return (
    <AuthLayout>
      <Card>
        <CardContent className="pt-6">
          <h1 className="sr-only">Entrar ou criar conta no Equilibraí</h1>
          {/* /auth arrives prerendered (ADR 018): nothing works before React has it. */}
          <HydratedFieldset>
            <Tabs
              value={tab}
              onValueChange={(value) => {
                setTab(value as Tab)
                setForgot(null)
              }}
            >
              <TabsList className="grid grid-cols-2">
                <TabsTrigger value="entrar" disabled={busy}>
                  Entrar
                </TabsTrigger>
                <TabsTrigger value="cadastrar" disabled={busy}>
                  Cadastrar
                </TabsTrigger>
              </TabsList>
              <TabsContent value="entrar" className="space-y-6">
                {forgot ? (
                  <ForgotPasswordForm
                    busy={busy}
                    run={run}
                    initialEmail={forgot.email}
                    onBack={() => setForgot(null)}
                  />
                ) : (
                  <>
                    <LoginForm
                      key={initialEmail}
                      initialEmail={initialEmail}
                      busy={busy}
                      run={run}
                      onForgotPassword={(email) => setForgot({ email })}
                      onSignedIn={onSignedIn}
                    />
                    <SocialButtons verb="Continuar com" disabled={busy} onSelect={social} />
                  </>
                )}
              </TabsContent>
              <TabsContent value="cadastrar" className="space-y-6">
                <SignupForm
                  key={initialEmail}
                  initialEmail={initialEmail}
                  busy={busy}
                  run={run}
                  plan={plan}
                />
                <SocialButtons verb="Cadastrar com" disabled={busy} onSelect={social} />
              </TabsContent>
            </Tabs>
          </HydratedFieldset>
        </CardContent>
      </Card>
      {plan && plan !== 'free' && (
        // Prerendered without a query: the note joins after hydration.
        <AfterHydration>
          <p className="text-center text-muted-foreground text-sm">
            Entre ou crie sua conta para continuar a assinatura do plano escolhido.
          </p>
        </AfterHydration>
      )}
    </AuthLayout>
  )
}
