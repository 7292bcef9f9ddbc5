import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'

/*
 * Background work yields the CPU to interactive work (ADR 038): the job runner's process and its
 * PostgreSQL backends run some steps of niceness below the server, so when both want the cores,
 * webhook acknowledgements and page requests go first. On Linux niceness belongs to each thread:
 * every thread of the process (V8's and libuv's included) is lowered, not only the main one.
 * Priority is only ever lowered here, never raised (raising needs privileges).
 */

/** The threads of a process (Linux), or just the process where /proc does not tell. */
function threadsOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number).filter(Number.isInteger)
  } catch {
    return [pid]
  }
}

/**
 * Lowers every thread of `pid` by `steps` of niceness from the process's own (its main
 * thread's), at most to 19: relative, so a server started under `nice` keeps its lead. Threads
 * already nicer are left as they are. False when it could not (not permitted, or gone).
 */
export function lowerPriority(pid: number, steps: number): boolean {
  if (steps <= 0) return true
  try {
    const target = Math.min(19, os.getPriority(pid) + steps)
    for (const tid of threadsOf(pid)) {
      if (os.getPriority(tid) < target) os.setPriority(tid, target)
    }
    return true
  } catch {
    return false
  }
}

/** The executable's name of a live process on this host (/proc/<pid>/comm), or null. */
export function processName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return null
  }
}
