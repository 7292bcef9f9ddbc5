// `npm run bench`: every benchmark, one after the other (they share 2 cores), figures printed.
// Run one with `npm run bench -- plans` (a substring of its path).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const dirs = ['bench', 'packages/assistant/bench', 'apps/server/bench']
const filter = process.argv[2]
const files = dirs
  .flatMap((dir) => {
    try {
      return readdirSync(path.join(root, dir))
        .filter((f) => f.endsWith('.bench.ts'))
        .map((f) => path.join(dir, f))
    } catch {
      return []
    }
  })
  .filter((f) => !filter || f.includes(filter))

let failed = 0
for (const file of files) {
  console.log(`\n=== ${file}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    stdio: 'inherit',
  })
  if (run.status !== 0) failed++
}
console.log(`\n${files.length} benchmarks run, ${failed} failed`)
process.exit(failed ? 1 : 0)
