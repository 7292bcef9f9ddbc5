import { formatDatePtBR } from '@equilibrai/shared'
import { SearchIcon } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { useAdminUsers } from '../api/get-admin-users'
import { useDebouncedValue } from '../hooks/use-debounced-value'
import { planBadgeLabel, statusLabel } from '../utils/admin-display'
import { LoadMoreButton } from '@/components/load-more-button'
import { LoadFailed } from '@/components/load-failed'

/**
 * Spec §2 'Gerenciar Usuários': Nome, Email, Plano, Status, Data de Cadastro, newest first, 50
 * at a time ('Carregar mais' follows the server's cursor), with a search by name or e-mail.
 * On a phone the table scrolls sideways inside its card.
 */
export function UsersTable() {
  const [search, setSearch] = useState('')
  const q = useDebouncedValue(search.trim())
  const query = useAdminUsers(q)
  const users = query.data?.pages.flatMap((p) => p.data) ?? []

  return (
    <Card>
      <CardHeader className="gap-3 pb-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h2">Gerenciar Usuários</CardTitle>
        <div className="relative w-full sm:max-w-xs">
          <label htmlFor="admin-user-search" className="sr-only">
            Buscar por nome ou e-mail
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="admin-user-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Buscar por nome ou e-mail"
            autoComplete="off"
            maxLength={100}
            className="pl-9"
          />
        </div>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {query.isPending ? (
          <div className="space-y-3 px-6 sm:px-0">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : query.isError && users.length === 0 ? (
          <LoadFailed
            what="os usuários"
            onRetry={() => void query.refetch()}
            className="px-6 sm:px-0"
          />
        ) : users.length === 0 ? (
          <p className="px-6 text-muted-foreground text-sm sm:px-0">
            {q ? `Nenhum usuário encontrado para “${q}”.` : 'Nenhum usuário cadastrado.'}
          </p>
        ) : (
          <>
            {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
            <section
              className="overflow-x-auto"
              data-testid="users-table-scroll"
              aria-label="Tabela de usuários"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the keyboard's focus (axe scrollable-region-focusable)
              tabIndex={0}
            >
              <table
                className="w-full min-w-[40rem] text-left text-sm"
                aria-busy={query.isFetching}
                data-testid="users-table"
              >
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-6 py-2 font-medium sm:pl-0">
                      Nome
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Plano
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-6 py-2 font-medium whitespace-nowrap sm:pr-0">
                      Data de Cadastro
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {users.map((user) => {
                    const plan = planBadgeLabel(user.subscribers?.plan_type)
                    const status = statusLabel(user.subscribers?.subscription_status)
                    return (
                      <tr key={user.id} data-testid="user-row">
                        <td className="px-6 py-3 font-medium sm:pl-0">{user.name}</td>
                        <td className="px-3 py-3 whitespace-nowrap">{user.email}</td>
                        <td className="px-3 py-3">
                          <Badge variant={plan === 'Pro' ? 'default' : 'secondary'}>{plan}</Badge>
                        </td>
                        <td className="px-3 py-3">
                          <Badge variant={status === 'Ativa' ? 'outline' : 'secondary'}>
                            {status}
                          </Badge>
                        </td>
                        <td className="px-6 py-3 whitespace-nowrap tabular-nums sm:pr-0">
                          {formatDatePtBR(user.created_at)}
                        </td>
                      </tr>
                    )
                  })}
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
