import type { AccountsDeps, AuthedBindings } from '../accounts/index.ts'
import { adminPageQuerySchema, adminUsersQuerySchema, saoPauloDate } from '@equilibrai/shared'
import type { Context } from 'hono'
import { getAdminStats, listSubscribers } from './admin-stats.queries.ts'
import { listAdminUsers, USER_ID_PATTERN } from './admin-users.queries.ts'
import {
  countWaitlist,
  eachWaitlistPage,
  listWaitlist,
  WAITLIST_ID_PATTERN,
} from './admin-waitlist.queries.ts'
import { decodeKeysetCursor } from './keyset-cursor.ts'
import { waitlistCsvText } from './waitlist-csv.ts'
import { BadRequestError, parseQuery, streamedBody } from '../platform/index.ts'

type Ctx = Context<AuthedBindings>

function cursorParam(text: string | undefined, idPattern: RegExp) {
  if (!text) return null
  const cursor = decodeKeysetCursor(text, idPattern)
  if (!cursor) throw new BadRequestError('Cursor inválido', 'VALIDATION_ERROR')
  return cursor
}

/** Every handler runs behind requireAdmin (admin.routes.ts). */
export function adminHandlers({ db, lanes, log }: Pick<AccountsDeps, 'db' | 'lanes' | 'log'>) {
  return {
    /** GET /admin/users?limit&cursor&q → {data, next_cursor}, newest first. */
    async users(c: Ctx) {
      const query = parseQuery(c, adminUsersQuerySchema)
      const cursor = cursorParam(query.cursor, USER_ID_PATTERN)
      return c.json(await listAdminUsers(db, { limit: query.limit, cursor, q: query.q }))
    },

    /** GET /admin/subscribers → [{plan_type, subscription_status}] (ARCHITECTURE §5). */
    async subscribers(c: Ctx) {
      return c.json(await listSubscribers(db))
    },

    /** GET /admin/stats → the cards' numbers, counted in SQL. */
    async stats(c: Ctx) {
      return c.json(await getAdminStats(db))
    },

    /** GET /admin/waitlist?limit&cursor → {count, data, next_cursor}, newest first. */
    async waitlist(c: Ctx) {
      const query = parseQuery(c, adminPageQuerySchema)
      const cursor = cursorParam(query.cursor, WAITLIST_ID_PATTERN)
      const [count, page] = await Promise.all([
        countWaitlist(db),
        listWaitlist(db, { limit: query.limit, cursor }),
      ])
      return c.json({ count, ...page })
    },

    /**
     * GET /admin/waitlist.csv: the whole list as a download, streamed a page at a time in the
     * CSV lane (503 BUSY with Retry-After beyond it).
     */
    async waitlistCsv(c: Ctx) {
      const filename = `lista-vip-${saoPauloDate(new Date())}.csv`
      const turn = await lanes.csv.enter()
      return c.body(streamedBody(waitlistCsvText(eachWaitlistPage(db)), { turn, log }), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
      })
    },
  }
}
