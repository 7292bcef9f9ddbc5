import type { Queryable } from '../platform/index.ts'

/**
 * Where a person's data lives, found in the database's own catalogue rather than listed by hand,
 * so a table another feature adds later is exported and deleted without anyone remembering to
 * come here (LGPD art. 18: access and deletion).
 *
 * A "person column" is a text column named like a user reference: `user_id` and `*_user_id`,
 * Better Auth's `userId`, and `*_by` / `*By` (created_by, invited_by, impersonatedBy). A "ledger
 * column" is `ledger_id`: the rows of the person's own ledger.
 */
export type PersonColumn = {
  table: string
  column: string
  nullable: boolean
  inPrimaryKey: boolean
}

export async function personColumns(db: Queryable): Promise<PersonColumn[]> {
  const { rows } = await db.query<PersonColumn>(
    `select c.table_name as table, c.column_name as column, c.is_nullable = 'YES' as nullable,
            exists (
              select 1 from information_schema.table_constraints tc
                join information_schema.key_column_usage k
                  on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
                 and k.table_name = tc.table_name
               where tc.table_schema = c.table_schema and tc.table_name = c.table_name
                 and tc.constraint_type = 'PRIMARY KEY' and k.column_name = c.column_name
            ) as "inPrimaryKey"
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
        and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and c.data_type = 'text'
        and (c.column_name ~ '(^|_)user_id$' or c.column_name ~ '(^|[a-z])[uU]serId$'
             or c.column_name ~ '(_by|By)$')
      order by c.table_name, c.column_name`,
  )
  return rows
}

/** Tables with a `ledger_id` column (entries, bills, budgets… of a ledger). */
export async function ledgerTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ table: string }>(
    `select c.table_name as table
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
        and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'ledger_id'
      order by c.table_name`,
  )
  return rows.map((r) => r.table)
}

/** A catalogue name, double-quoted for SQL (names come from information_schema, never input). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
