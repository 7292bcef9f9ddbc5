import { ArrowRightIcon, UsersIcon } from 'lucide-react'
import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import { AppLink } from '@/components/app-link'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useAuth, useSignOut } from '@/lib/auth'
import { toastSuccess } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { useAcceptInvitation } from '../api/accept-invitation'
import { useInvitation } from '../api/get-invitation'
import { forgetInvitation, rememberInvitation } from '@/lib/pending-invitation'

const CLOSED: Record<string, string> = {
  accepted: 'Este convite já foi usado.',
  cancelled: 'Este convite foi cancelado pelo titular da equipe.',
  expired: 'Este convite expirou. Peça um novo convite ao titular da equipe.',
}

/**
 * /convite/<token>: who invited which e-mail. Signed out: sign in or sign up with that e-mail
 * (the token is remembered, and the dashboard brings the person back here). Signed in with
 * that e-mail: accept. Signed in with another: sign out first.
 */
export function InvitationPage() {
  usePageTitle('Convite para equipe')
  const { token = '' } = useParams()
  const invitation = useInvitation(token)
  const { user, loading } = useAuth()
  const accept = useAcceptInvitation()
  const { signOut } = useSignOut()
  const navigate = useNavigate()

  useEffect(() => {
    if (invitation.data?.status === 'pending') rememberInvitation(token)
    else if (invitation.data || invitation.isError) forgetInvitation()
  }, [invitation.data, invitation.isError, token])

  const data = invitation.data
  const sameEmail = user && data && user.email.toLowerCase() === data.email

  return (
    <main id="conteudo" className="mx-auto flex min-h-dvh w-full max-w-lg items-center px-4 py-8">
      <Card className="w-full">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UsersIcon aria-hidden="true" className="size-5" />
            Convite para equipe
          </CardTitle>
          {data && (
            <CardDescription>
              {data.owner_name} convidou <strong>{data.email}</strong> para a equipe no Equilibraí.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {(invitation.isPending || loading) && <Skeleton className="h-16 w-full" />}
          {invitation.isError && (
            <p role="alert">Convite não encontrado. Confira o link do e-mail.</p>
          )}
          {data && data.status !== 'pending' && <p role="alert">{CLOSED[data.status]}</p>}
          {data?.status === 'pending' && !loading && !user && (
            <>
              <p className="text-sm">
                Crie sua conta ou entre com o e-mail <strong>{data.email}</strong>. Depois de
                entrar, você volta direto a este convite para aceitar.
              </p>
              <AppLink
                to={`/auth?aba=cadastrar&email=${encodeURIComponent(data.email)}`}
                className={buttonVariants({ className: 'w-full' })}
              >
                Criar conta
                <ArrowRightIcon aria-hidden="true" />
              </AppLink>
              <AppLink
                to={`/auth?email=${encodeURIComponent(data.email)}`}
                className={buttonVariants({ variant: 'outline', className: 'w-full' })}
              >
                Já tenho conta: entrar
              </AppLink>
            </>
          )}
          {data?.status === 'pending' && user && sameEmail && (
            <>
              <p className="text-sm">
                Aceitando, seus lançamentos — pelo site, pelo seu WhatsApp vinculado ou pela API —
                vão para as finanças da equipe, com o seu nome em cada um.
              </p>
              <Button
                className="w-full"
                disabled={accept.isPending}
                onClick={() =>
                  accept.mutate(token, {
                    onSuccess: () => {
                      forgetInvitation()
                      toastSuccess('Você entrou na equipe!')
                      void navigate('/equipe')
                    },
                  })
                }
              >
                {accept.isPending ? 'Aceitando...' : 'Aceitar convite'}
              </Button>
            </>
          )}
          {data?.status === 'pending' && user && !sameEmail && (
            <>
              <p role="alert" className="text-sm">
                Você entrou como <strong>{user.email}</strong>, mas este convite é para{' '}
                <strong>{data.email}</strong>. Saia e entre com a conta do e-mail convidado.
              </p>
              <Button variant="outline" className="w-full" onClick={signOut}>
                Sair
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
