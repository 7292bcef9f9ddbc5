import { formatDatePtBR } from '@equilibrai/shared'
import { DownloadIcon } from 'lucide-react'
import { buttonVariants } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useAdminWaitlist, WAITLIST_CSV_URL } from '../api/get-admin-waitlist'
import { formatPhoneDigits } from '@equilibrai/shared'
import { formatCount } from '../utils/admin-display'
import { LoadMoreButton } from '@/components/load-more-button'
import { LoadFailed } from '@/components/load-failed'

/** The VIP waitlist for operators: how many, the latest, and the whole list as CSV. */
export function WaitlistCard() {
  const query = useAdminWaitlist()
  const entries = query.data?.pages.flatMap((p) => p.data) ?? []
  const count = query.data?.pages[0]?.count

  return (
    <Card>
      <CardHeader className="gap-3 pb-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle as="h2">Lista VIP</CardTitle>
          <CardDescription data-testid="waitlist-count">
            {count === undefined
              ? 'Carregando...'
              : count === 1
                ? '1 pessoa na lista de espera'
                : `${formatCount(count)} pessoas na lista de espera`}
          </CardDescription>
        </div>
        <a
          href={WAITLIST_CSV_URL}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <DownloadIcon aria-hidden="true" />
          Baixar CSV
        </a>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {query.isPending ? (
          <div className="space-y-3 px-6 sm:px-0">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError ? (
          <LoadFailed
            what="a lista VIP"
            onRetry={() => void query.refetch()}
            className="px-6 sm:px-0"
          />
        ) : entries.length === 0 ? (
          <p className="px-6 text-muted-foreground text-sm sm:px-0">Ninguém na lista ainda.</p>
        ) : (
          <>
            <section
              className="overflow-x-auto"
              aria-label="Tabela da lista VIP"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the keyboard's focus (axe scrollable-region-focusable)
              tabIndex={0}
            >
              <table
                className="w-full min-w-[36rem] text-left text-sm"
                data-testid="waitlist-table"
              >
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-6 py-2 font-medium sm:pl-0">
                      Nome
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      WhatsApp
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Email
                    </th>
                    <th scope="col" className="px-6 py-2 font-medium whitespace-nowrap sm:pr-0">
                      Data
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {entries.map((entry) => (
                    <tr key={entry.id} data-testid="waitlist-row">
                      <td className="px-6 py-3 font-medium sm:pl-0">{entry.nome}</td>
                      <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                        {formatPhoneDigits(entry.whatssapp)}
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap">
                        {entry.email ?? <span className="text-muted-foreground">—</span>}
                      </td>
                      <td className="px-6 py-3 whitespace-nowrap tabular-nums sm:pr-0">
                        {formatDatePtBR(entry.created_at)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <LoadMoreButton query={query} />
          </>
        )}
      </CardContent>
    </Card>
  )
}
