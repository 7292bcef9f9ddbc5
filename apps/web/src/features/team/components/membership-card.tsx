import type { Team } from '@equilibrai/shared'
import { UsersIcon } from 'lucide-react'
import { AppLink } from '@/components/app-link'
import { Badge } from '@/components/ui/badge'
import { buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/**
 * The dashboard's plan card for a team member (issue 26): the team they belong to, the owner's
 * plan and what they can do with it, instead of their own free plan and its 'Assinar Agora'.
 */
export function MembershipCard({ team }: { team: Team }) {
  const suspended = team.status === 'suspended'
  return (
    <Card data-testid="membership-card">
      <CardHeader>
        <CardTitle as="h2">Plano Atual</CardTitle>
        <CardDescription>Você faz parte da equipe de {team.owner.name}.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Badge>{team.plan_name}</Badge>
          <span className="text-muted-foreground">
            plano de {team.owner.name} · {team.seats_used} / {team.max_users} pessoas
          </span>
        </p>
        {suspended ? (
          <p role="status">
            O plano de {team.owner.name} não inclui mais equipe: seus lançamentos voltam para as
            suas finanças até o plano da equipe ser renovado.
          </p>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Lançar pelo site, pelo seu WhatsApp vinculado ou pela API nas finanças da equipe, com
              o seu nome em cada lançamento.
            </li>
            <li>Ver as finanças e os relatórios da equipe.</li>
            <li>
              O plano e a assinatura são de {team.owner.name}: só o titular convida pessoas e muda o
              plano.
            </li>
          </ul>
        )}
        <AppLink to="/equipe" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <UsersIcon aria-hidden="true" />
          Ver equipe
        </AppLink>
      </CardContent>
    </Card>
  )
}
