import {
  formatBRL,
  formatDatePtBR,
  type Team,
  type TeamInvitationInput,
  teamInvitationSchema,
} from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { MailIcon, UserMinusIcon, UsersIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { AppLink } from '@/components/app-link'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { useAuth } from '@/lib/auth'
import { ApiError } from '@/lib/api-client'
import { currentMonth } from '@/lib/month'
import { toastError, toastSuccess } from '@/lib/notify'
import { usePageTitle } from '@/lib/use-page-title'
import { useCancelInvitation } from '../api/cancel-invitation'
import { useTeam } from '../api/get-team'
import { useTeamSummary } from '../api/get-team-summary'
import { useInviteMember } from '../api/invite-member'
import { useRemoveMember } from '../api/remove-member'

/** /equipe (dashboard_equipe): members, seats, invitations and the month per member. */
export function TeamPage() {
  usePageTitle('Equipe')
  const team = useTeam()
  return (
    <main id="conteudo" className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Equipe</h1>
      </header>
      {team.isPending && <Skeleton className="h-40 w-full" />}
      {team.isError && <TeamUnavailable error={team.error} onRetry={() => void team.refetch()} />}
      {team.data && <TeamView team={team.data} />}
    </main>
  )
}

function TeamUnavailable({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === 'FEATURE_NOT_IN_PLAN') {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">Equipe nos planos Empresas</CardTitle>
          <CardDescription>{error.message}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="mb-4 text-sm">
            Convide sócios e funcionários para lançar no mesmo caixa, pelo site, pelo WhatsApp de
            cada um ou pela API, e veja quem lançou o quê.
          </p>
          <AppLink to="/dashboard#planos" className={buttonVariants()}>
            Ver planos
          </AppLink>
        </CardContent>
      </Card>
    )
  }
  return (
    <div role="alert" className="space-y-2">
      <p className="text-muted-foreground">Não foi possível carregar a equipe.</p>
      <Button variant="outline" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  )
}

function TeamView({ team }: { team: Team }) {
  const owner = team.my_role === 'owner'
  const pending = team.invitations.length
  return (
    <>
      {team.status === 'suspended' && (
        <div
          role="status"
          className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
        >
          {owner
            ? `Sua equipe está pausada: o plano atual (${team.plan_name}) não inclui membros. Cada membro está lançando nas próprias finanças até você voltar a um plano Empresas; nada foi apagado.`
            : `A equipe de ${team.owner.name} está pausada pelo plano do titular. Seus lançamentos vão para as suas próprias finanças até ela voltar; nada foi apagado.`}
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <UsersIcon aria-hidden="true" className="size-5" />
            Membros
          </CardTitle>
          <CardDescription>
            {`Lugares: ${team.seats_used + pending} de ${team.max_users} em uso no plano ${team.plan_name}`}
            {pending > 0 &&
              ` (${pending} ${pending === 1 ? 'convite pendente' : 'convites pendentes'})`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y" aria-label="Membros da equipe">
            {team.members.map((m) => (
              <MemberRow key={m.user_id} team={team} member={m} />
            ))}
          </ul>
        </CardContent>
      </Card>
      {owner && <InvitationsCard team={team} />}
      <MonthByMember enabled={team.status === 'active'} />
    </>
  )
}

function MemberRow({ team, member }: { team: Team; member: Team['members'][number] }) {
  const remove = useRemoveMember()
  const { user } = useAuth()
  const owner = team.my_role === 'owner'
  const isSelf = !owner && member.user_id === user?.id
  const canRemove = owner && member.role === 'member'
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {member.name}{' '}
          <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>
            {member.role === 'owner' ? 'Titular' : 'Membro'}
          </Badge>{' '}
          {!member.active && <Badge variant="outline">Sem lugar no plano atual</Badge>}
        </p>
        <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
          {member.email} · desde {formatDatePtBR(member.joined_at)}
        </p>
      </div>
      {canRemove && (
        <Button
          variant="outline"
          size="sm"
          disabled={remove.isPending}
          onClick={() => {
            if (
              !window.confirm(
                `Remover ${member.name} da equipe? Os lançamentos dele continuam aqui.`,
              )
            )
              return
            remove.mutate(member.user_id, { onSuccess: () => toastSuccess('Membro removido') })
          }}
        >
          <UserMinusIcon aria-hidden="true" />
          Remover
        </Button>
      )}
      {isSelf && <LeaveButton userId={member.user_id} />}
    </li>
  )
}

/** Shown on the member's own row only (the API refuses anything else anyway). */
function LeaveButton({ userId }: { userId: string }) {
  const remove = useRemoveMember()
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={remove.isPending}
      onClick={() => {
        if (!window.confirm('Sair da equipe? Seus próximos lançamentos vão para as suas finanças.'))
          return
        remove.mutate(userId, { onSuccess: () => toastSuccess('Você saiu da equipe') })
      }}
    >
      Sair da equipe
    </Button>
  )
}

function InvitationsCard({ team }: { team: Team }) {
  const id = useId()
  const invite = useInviteMember()
  const cancel = useCancelInvitation()
  const form = useForm<TeamInvitationInput>({
    resolver: zodResolver(teamInvitationSchema),
    defaultValues: { email: '' },
  })
  function onValid(values: TeamInvitationInput) {
    invite.mutate(values, {
      onSuccess: (sent) => {
        toastSuccess(`Convite enviado para ${sent.email}`)
        form.reset()
      },
    })
  }
  function onInvalid(errors: FieldErrors<TeamInvitationInput>) {
    toastError(undefined, errors.email?.message ?? 'Email inválido')
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MailIcon aria-hidden="true" className="size-5" />
          Convites
        </CardTitle>
        <CardDescription>
          O convite vale por 7 dias. A pessoa entra ou cria a conta com o e-mail convidado.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          onSubmit={form.handleSubmit(onValid, onInvalid)}
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <div className="flex-1 space-y-2">
            <Label htmlFor={`${id}-email`}>E-mail da pessoa</Label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              placeholder="socio@exemplo.com.br"
              {...form.register('email')}
            />
          </div>
          <Button type="submit" disabled={invite.isPending || team.status !== 'active'}>
            {invite.isPending ? 'Enviando...' : 'Convidar'}
          </Button>
        </form>
        {team.invitations.length > 0 && (
          <ul className="divide-y" aria-label="Convites pendentes">
            {team.invitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-sm [overflow-wrap:anywhere]">
                  {inv.email} · vale até {formatDatePtBR(inv.expires_at)}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(inv.id, { onSuccess: () => toastSuccess('Convite cancelado') })
                  }
                >
                  Cancelar convite
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function MonthByMember({ enabled }: { enabled: boolean }) {
  const id = useId()
  const [month, setMonth] = useState(() => currentMonth())
  const summary = useTeamSummary(month, enabled)
  if (!enabled) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quem lançou o quê</CardTitle>
        <CardDescription>Entradas, saídas e lançamentos de cada pessoa no mês.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-month`}>Mês</Label>
          <Input
            id={`${id}-month`}
            type="month"
            className="w-44"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
          />
        </div>
        {summary.isPending && <Skeleton className="h-24 w-full" />}
        {summary.isError && (
          <p role="alert" className="text-muted-foreground text-sm">
            Não foi possível carregar o resumo por membro.
          </p>
        )}
        {summary.data && (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th className="py-2 font-medium">Pessoa</th>
                  <th className="py-2 text-right font-medium">Entradas</th>
                  <th className="py-2 text-right font-medium">Saídas</th>
                  <th className="py-2 text-right font-medium">Lançamentos</th>
                </tr>
              </thead>
              <tbody>
                {summary.data.members.map((m) => (
                  <tr key={m.user_id ?? 'excluida'} className="border-b last:border-0">
                    <td className="py-2">
                      {m.user_id ? (
                        <AppLink
                          to={`/financas?mes=${month}&membro=${encodeURIComponent(m.user_id)}`}
                          className="underline-offset-4 hover:underline"
                        >
                          {m.name}
                        </AppLink>
                      ) : (
                        m.name
                      )}
                    </td>
                    <td className="py-2 text-right tabular-nums">{formatBRL(m.income_cents)}</td>
                    <td className="py-2 text-right tabular-nums">{formatBRL(m.expense_cents)}</td>
                    <td className="py-2 text-right tabular-nums">{m.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
