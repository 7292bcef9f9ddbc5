import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from '../platform/index.ts'

/*
 * WORKER=process (the default in production, ADR 024): `npm start` runs the job runner as a
 * child process (worker.ts, the same as `npm run worker`), so WhatsApp processing never shares
 * the server's event loop with webhook acknowledgements and page requests. The child inherits
 * the environment and attaches to the server's database (the embedded one included). A child
 * that dies is started again after a growing pause (1 s, 2 s … 30 s); the jobs it held run again
 * (lock recovery, ARCHITECTURE §12). Stopping sends SIGTERM and waits for it to finish its jobs.
 * The child lowers its own CPU priority and its backends' (WORKER_NICE, WORKER_DB_NICE, ADR 038).
 */

const WORKER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.ts')
/** How long a stopping worker gets to finish the jobs it holds before it is killed. */
const STOP_LIMIT_MS = 30_000

export type WorkerProcess = { stop(): Promise<void>; readonly pid: number | undefined }

/** `extraEnv`: added to the inherited environment (the demo's Pluggy fake URL, ADR 023). */
export function startWorkerProcess(
  log: Logger,
  extraEnv: Record<string, string> = {},
): WorkerProcess {
  let child: ChildProcess | null = null
  let stopping = false
  let restarts = 0
  let timer: NodeJS.Timeout | null = null

  const spawn = () => {
    const started = Date.now()
    // fork() reuses this process's node flags (`--import tsx`) and environment.
    const current = fork(WORKER_ENTRY, [], {
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    })
    child = current
    log.info({ pid: current.pid }, 'worker process started')
    current.once('exit', (code, signal) => {
      if (child === current) child = null
      if (stopping) return
      // A worker that ran a while before dying starts again at once; one that keeps dying, slower.
      restarts = Date.now() - started > 60_000 ? 0 : restarts + 1
      const pause = Math.min(30_000, 1_000 * 2 ** Math.max(0, restarts - 1))
      log.error({ code, signal, restartInMs: pause }, 'worker process exited; starting it again')
      timer = setTimeout(spawn, pause)
    })
  }
  spawn()

  return {
    get pid() {
      return child?.pid
    },
    async stop() {
      stopping = true
      if (timer) clearTimeout(timer)
      const running = child
      if (!running || running.exitCode !== null || running.signalCode !== null) return
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => running.kill('SIGKILL'), STOP_LIMIT_MS)
        running.once('exit', (code, signal) => {
          clearTimeout(kill)
          log.info({ pid: running.pid, code, signal }, 'worker process stopped')
          resolve()
        })
        running.kill('SIGTERM')
      })
    },
  }
}
