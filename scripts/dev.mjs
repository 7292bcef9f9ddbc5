// `npm run dev`: the server with reload on :3000 and Vite's dev server on :5173 (it proxies
// /api to the server). Open http://localhost:5173.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' }
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/app/main.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', '@equilibrai/web'], { cwd: root, env, stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
