import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The server's modules and their levels (README "Architecture", ADR 019). A module is a folder
 * of apps/server/src; it may import only modules on lower levels, and only through their
 * index.ts. Type-only imports count too: a type from above is still knowledge of what is above.
 * Tests (*.test.ts) may import anything: integration tests start the whole app.
 */
export const LEVELS: readonly (readonly string[])[] = [
  ['platform'],
  ['accounts', 'events'],
  ['admin', 'tenancy'],
  ['ledger', 'messaging', 'teams', 'support', 'analysis'],
  ['budgets', 'alerts', 'reports', 'billing', 'integrations'],
  ['bills', 'recurring'],
  ['assistant', 'privacy'],
  ['app'],
]

const SRC = path.resolve(import.meta.dirname, '../src')
const IMPORT =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm

type Source = { file: string; text: string }
type Violation = { file: string; imports: string; why: string }

/** Every import of a production file that breaks the rule. `file` is relative to src/. */
export function violations(sources: readonly Source[], levels = LEVELS): Violation[] {
  const level = new Map(levels.flatMap((names, i) => names.map((name) => [name, i] as const)))
  const found: Violation[] = []
  for (const { file, text } of sources) {
    if (file.endsWith('.test.ts')) continue
    const from = file.split('/')[0] ?? ''
    if (!level.has(from)) {
      found.push({ file, imports: '', why: `${from} is not a module of any level` })
      continue
    }
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? ''
      if (!spec.startsWith('.')) continue
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
      const to = target.split('/')[0] ?? ''
      if (to === from) continue
      const imports = target
      if (!level.has(to)) found.push({ file, imports, why: `${to} is not a module of any level` })
      else if ((level.get(to) ?? 0) >= (level.get(from) ?? 0))
        found.push({ file, imports, why: `${from} may not import ${to}: not on a lower level` })
      else if (target !== `${to}/index.ts`)
        found.push({ file, imports, why: `import ${to} through ${to}/index.ts, not its internals` })
    }
  }
  return found
}

function readSources(dir = SRC): Source[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) return []
    const full = path.join(entry.parentPath, entry.name)
    return [
      {
        file: path.relative(SRC, full).split(path.sep).join('/'),
        text: fs.readFileSync(full, 'utf8'),
      },
    ]
  })
}

describe('server modules on levels', () => {
  it('has every top-level part of src as a module of a level, at most 20', () => {
    const parts = fs.readdirSync(SRC).sort()
    expect(parts).toEqual(LEVELS.flat().sort())
    expect(parts.length).toBeLessThanOrEqual(20)
  })

  it('imports only lower levels, and only through their index.ts', () => {
    expect(violations(readSources())).toEqual([])
  })

  it('catches an upward import, a same-level import, an internal import and a stray folder', () => {
    const cases: [Source, string | null][] = [
      [{ file: 'ledger/a.ts', text: `import { x } from '../tenancy/index.ts'` }, null],
      [
        { file: 'ledger/a.ts', text: `import type { X } from '../bills/index.ts'` },
        'not on a lower level',
      ],
      [
        { file: 'ledger/a.ts', text: `export { x } from '../messaging/index.ts'` },
        'not on a lower level',
      ],
      [
        { file: 'ledger/a.ts', text: `import { x } from '../tenancy/plans.queries.ts'` },
        'its internals',
      ],
      [
        { file: 'ledger/a.ts', text: `const m = await import('../app/server.ts')` },
        'not on a lower level',
      ],
      [{ file: 'ledger/a.ts', text: `import { y } from './b.ts'` }, null],
      [{ file: 'ledger/a.test.ts', text: `import { y } from '../app/server.ts'` }, null],
      [{ file: 'stray/a.ts', text: '' }, 'not a module of any level'],
    ]
    for (const [source, why] of cases) {
      const found = violations([source])
      if (why === null) expect(found).toEqual([])
      else expect(found.map((v) => v.why).join()).toContain(why)
    }
  })
})
