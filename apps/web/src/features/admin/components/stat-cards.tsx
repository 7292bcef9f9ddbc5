import { type AdminStats, conversionRate, isPremium } from '@equilibrai/shared'
import { CrownIcon, PercentIcon, UsersIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCount, proRuleNote } from '../utils/admin-display'

/**
 * Spec §2: 'Total de Usuários', 'Assinantes Pro', 'Taxa de Conversão' (counted with the
 * spec's rule, which the card states) and beside them the subscribers per real plan type.
 */
export function StatCards({ stats }: { stats: AdminStats | undefined }) {
  return (
    <section aria-label="Estatísticas" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
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
        note={stats && 'Assinantes Pro sobre o total de usuários.'}
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

/** The real picture: subscribers per plan type, and how many pay for any plan. */
function PlanBreakdown({ stats }: { stats: AdminStats | undefined }) {
  const paying = stats?.by_plan_type
    .filter((p) => isPremium(p.plan_type))
    .reduce((sum, p) => sum + p.count, 0)
  return (
    <Card data-testid="stat-by-plan">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="font-medium text-muted-foreground text-sm">
          Assinantes por plano
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {!stats || paying === undefined ? (
          <Skeleton className="h-16 w-full" />
        ) : stats.by_plan_type.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nenhum assinante ainda.</p>
        ) : (
          <>
            <ul className="space-y-1 text-sm">
              {stats.by_plan_type.map((p) => (
                <li key={p.plan_type} className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0">
                    {p.name ?? p.plan_type}{' '}
                    <span className="whitespace-nowrap text-muted-foreground text-xs">
                      ({p.plan_type})
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">
                    {formatCount(p.count)}
                    {p.active !== p.count && (
                      <span className="font-normal text-muted-foreground text-xs">
                        {' '}
                        · {formatCount(p.active)} ativos
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
            <p className="border-t pt-2 text-muted-foreground text-xs" data-testid="stat-paying">
              Em planos pagos: {formatCount(paying)} ({conversionRate(paying, stats.total_users)}%
              dos usuários)
            </p>
          </>
        )}
      </CardContent>
    </Card>
  )
}
