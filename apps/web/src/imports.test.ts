import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// STYLE 1: features do not import each other (app/ composes them); what two features share moves
// down to lib/ or components/, which import no feature. This reads every import and holds to it.

const SRC = fileURLToPath(new URL('.', import.meta.url))

/** Every module path a source imports or re-exports, `import type` and `import()` included. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)
}

/** Where `specifier`, imported by src/`file`, lands under src/ ('features/auth/index'); null outside. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2)
  if (!specifier.startsWith('.')) return null
  const path = relative(SRC, resolve(SRC, dirname(file), specifier))
    .split(sep)
    .join('/')
  return path.startsWith('..') ? null : path
}

function featureOf(path: string): string | null {
  return /^features\/([^/]+)/.exec(path)?.[1] ?? null
}

/** The imports of src/`file` that break the rule, as 'file → specifier'. */
function forbiddenImports(file: string, text: string): string[] {
  const own = featureOf(file)
  const lower = /^(lib|components)\//.test(file)
  return specifiersOf(text)
    .filter((specifier) => {
      const to = target(file, specifier)
      const feature = to === null ? null : featureOf(to)
      if (feature === null) return false
      return lower || (own !== null && feature !== own)
    })
    .map((specifier) => `${file} → ${specifier}`)
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('imports between features', () => {
  it.each([
    ['features/a/x.ts', "import { y } from '@/features/b/api/y'", 1],
    ['features/a/x.ts', "import type { Y } from '@/features/b'", 1],
    ['features/a/components/x.tsx', "export { y } from '../../b/utils/y'", 1],
    ['features/a/components/x.tsx', "const Y = lazy(() => import('../../b/components/y'))", 1],
    ['features/a/components/x.tsx', "import '@/features/b/side-effect'", 1],
    ['lib/x.ts', "import { y } from '@/features/a/api/y'", 1],
    ['components/x.tsx', "import { y } from '../features/a'", 1],
    ['features/a/components/x.tsx', "import { y } from '../api/y'", 0],
    ['features/a/components/x.tsx', "import { y } from '@/features/a/api/y'", 0],
    ['features/a/x.ts', "import { y } from '@/lib/y'\nimport { z } from 'react'", 0],
    ['app/router.tsx', "const m = import('@/features/a/components/page')", 0],
  ])('%s: %j → %i broken', (file, text, count) => {
    expect(forbiddenImports(file, text)).toHaveLength(count)
  })

  it('no feature imports another, and lib/ and components/ import none', () => {
    const files = [...sourceFiles('features'), ...sourceFiles('lib'), ...sourceFiles('components')]
    expect(files.length).toBeGreaterThan(100)
    const broken = files.flatMap((file) =>
      forbiddenImports(file, readFileSync(join(SRC, file), 'utf8')),
    )
    expect(broken).toEqual([])
  })
})
