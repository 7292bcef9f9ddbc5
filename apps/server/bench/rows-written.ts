import type pg from 'pg'

/*
 * Which tables a run wrote, to tell its foreign keys' checks apart: pg_stat_user_tables' rows
 * inserted and updated per table, before and after. A row inserted into a table with a foreign
 * key runs one key check per key; a row updated runs one only when its key changes or when the
 * row was inserted by the same transaction (PostgreSQL's RI_FKey_fk_upd_check_required).
 *
 * Needed because pg_stat_statements (PostgreSQL 18) identifies a table in a statement by its
 * alias, and every key check is `SELECT 1 FROM ONLY <table> x WHERE "id" = $1 FOR KEY SHARE OF
 * x`: the checks of every single-column bigint key (ledgers, accounts, recurring_entries …)
 * share one line, shown under the first table's name (ADR 027, 2026-11-26 night).
 * Counters reach the view when a backend goes idle (within ~1–10 s), so each snapshot waits.
 */

export type RowsWritten = Map<string, { ins: number; upd: number; hot: number }>

export async function rowsWritten(db: pg.Pool): Promise<RowsWritten> {
  await new Promise((resolve) => setTimeout(resolve, 11_000))
  const { rows } = await db.query<{ relname: string; ins: string; upd: string; hot: string }>(
    `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot
       from pg_stat_user_tables`,
  )
  return new Map(
    rows.map((r) => [r.relname, { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot) }]),
  )
}

/** The tables written since `before`, those with a foreign key to `ledgers` marked. */
export async function printRowsWritten(
  db: pg.Pool,
  before: RowsWritten,
  fmt: (n: number, digits?: number) => string,
): Promise<void> {
  const after = await rowsWritten(db)
  const { rows: refs } = await db.query<{ relname: string }>(
    `select distinct c.relname from pg_constraint k join pg_class c on c.oid = k.conrelid
      where k.contype = 'f' and k.confrelid = 'ledgers'::regclass`,
  )
  const toLedgers = new Set(refs.map((r) => r.relname))
  console.log(
    '  rows written (pg_stat_user_tables): table: inserted, updated (HOT)  (L = has a key to ledgers)',
  )
  for (const [name, a] of [...after].sort(([x], [y]) => x.localeCompare(y))) {
    const b = before.get(name) ?? { ins: 0, upd: 0, hot: 0 }
    const ins = a.ins - b.ins
    const upd = a.upd - b.upd
    if (ins === 0 && upd === 0) continue
    console.log(
      `    ${toLedgers.has(name) ? 'L' : ' '} ${name}: ${fmt(ins)}, ${fmt(upd)} (${fmt(a.hot - b.hot)})`,
    )
  }
}

/** Index scans per index of `table` since the cluster started (pg_stat_user_indexes). */
export async function printIndexScans(
  db: pg.Pool,
  table: string,
  fmt: (n: number) => string,
): Promise<void> {
  const { rows } = await db.query<{ name: string; scans: string; def: string }>(
    `select s.indexrelname as name, s.idx_scan as scans, pg_get_indexdef(s.indexrelid) as def
       from pg_stat_user_indexes s where s.relname = $1 order by s.indexrelname`,
    [table],
  )
  console.log(`  index scans on ${table} (pg_stat_user_indexes, whole bench):`)
  for (const r of rows)
    console.log(
      `    ${fmt(Number(r.scans)).padStart(12)}  ${r.name}: ${r.def.replace(/^.* USING /, '')}`,
    )
}
