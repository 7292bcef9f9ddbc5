import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

/*
 * A project script (the worker, the CLI) run as its own process the way `npm run` runs it, for
 * the tests that kill, renice or time a real process: its output collected, its exit awaited,
 * and the child recorded in `children` so the file's afterAll can SIGKILL what is still alive.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..')

export function spawnProject(
  script: string,
  args: string[],
  env: Record<string, string>,
  children: ChildProcess[],
) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}
