import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'

/*
 * Background work yields the CPU to interactive work (ADR 038): the job runner's process and its
 * PostgreSQL backends run at a higher niceness than the server, so when both want the cores,
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
 * Sets every thread of `pid` to at least niceness `nice`. False when it could not (not
 * permitted, or the process is gone); threads already nicer are left as they are.
 */
export function lowerPriority(pid: number, nice: number): boolean {
  if (nice <= 0) return true
  let ok = true
  for (const tid of threadsOf(pid)) {
    try {
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice)
    } catch {
      ok = false
    }
  }
  return ok
}

/** The executable's name of a live process on this host (/proc/<pid>/comm), or null. */
export function processName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
  } catch {
    return null
  }
}
