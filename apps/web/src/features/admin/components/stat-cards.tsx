import { type AdminStats, isPremium } from '@equilibrai/shared'
import {
  BadgeDollarSignIcon,
  CrownIcon,
  PercentIcon,
  TrendingUpIcon,
  UsersIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCount, proRuleNote } from '../utils/admin-display'

/**
 * Spec §2: 'Total de Usuários', 'Assinantes Pro', 'Taxa de Conversão' (counted with the
 * spec's rule, which the card states: with our plan types they read 0), then the figures that
 * matter (issue 26): paying subscribers, their conversion, and the subscribers per plan.
 */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <section aria-label="Estatísticas" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <StatCard
        title="Total de Usuários"
        value={stats && formatCount(stats.total_users)}
        icon={<UsersIcon aria-hidden="true" />}
        testId="stat-total"
      />
      <StatCard
        title="Assinantes Pro"
        value={stats && formatCount(stats.pro_subscribers)}
        icon={<CrownIcon aria-hidden="true" />}
        testId="stat-pro"
        note={stats && proRuleNote(stats.pro_plan_types)}
      />
      <StatCard
        title="Taxa de Conversão"
        value={stats && `${stats.conversion_rate}%`}
        icon={<PercentIcon aria-hidden="true" />}
        testId="stat-conversion"
        note={stats && 'Assinantes Pro sobre o total de usuários (regra da especificação).'}
      />
      <StatCard
        title="Assinantes pagantes"
        value={stats && formatCount(stats.paying_subscribers)}
        icon={<BadgeDollarSignIcon aria-hidden="true" />}
        testId="stat-paying"
        note={stats && 'Em qualquer plano pago, com a assinatura ativa.'}
      />
      <StatCard
        title="Conversão em pagantes"
        value={stats && `${stats.paying_conversion_rate}%`}
        icon={<TrendingUpIcon aria-hidden="true" />}
        testId="stat-paying-conversion"
        note={stats && 'Assinantes pagantes sobre o total de usuários cadastrados.'}
      />
      <PlanBreakdown stats={stats} />
    </section>
  )
}

function StatCard({
  title,
  value,
  icon,
  note,
  testId,
}: {
  title: string
  value: string | undefined
  icon: ReactNode
  note?: string
  testId: string
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle as="h2" className="font-medium text-muted-foreground text-sm">
          {title}
        </CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4">{icon}</span>
      </CardHeader>
      <CardContent className="space-y-2">
        {value === undefined ? (
          <Skeleton className="h-9 w-20" />
        ) : (
          <p className="font-bold text-3xl tabular-nums" data-testid={`${testId}-value`}>
            {value}
          </p>
        )}
        {note && <p className="text-muted-foreground text-xs leading-snug">{note}</p>}
      </CardContent>
    </Card>
  )
}

/** The real picture: subscribers per plan type, and how many of them pay (status 'active'). */
function PlanBreakdown({ stats }: { stats: AdminStats | undefined }) {
  return (
    <Card data-testid="stat-by-plan">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="font-medium text-muted-foreground text-sm">
          Assinantes por plano
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {!stats ? (
          <Skeleton className="h-16 w-full" />
        ) : stats.by_plan_type.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum assinante ainda.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {stats.by_plan_type.map((p) => (
              <li
                key={p.plan_type}
                className="flex items-baseline justify-between gap-3"
                data-testid={`plan-count-${p.plan_type}`}
              >
                <span className="min-w-0">
                  {p.name ?? p.plan_type}{' '}
                  <span className="whitespace-nowrap text-muted-foreground text-xs">
                    ({p.plan_type})
                  </span>
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  {isPremium(p.plan_type) ? (
                    <>
                      <span className="font-semibold">{formatCount(p.active)}</span>{' '}
                      {p.active === 1 ? 'pagante' : 'pagantes'}
                      {p.active !== p.count && (
                        <span className="text-muted-foreground text-xs">
                          {' '}
                          de {formatCount(p.count)}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="font-semibold">{formatCount(p.count)}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
