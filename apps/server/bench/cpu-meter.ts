import { readdirSync, readFileSync } from 'node:fs'

/*
 * Bench-only: CPU time spent by this process's tree (the server, a forked worker, the embedded
 * PostgreSQL and its backends), from /proc (Linux). On a machine shared with other work the
 * wall-clock figures measure the neighbours too; CPU milliseconds per message measure only the
 * message path. A process's own time plus the time of its children it has reaped (a backend
 * that exited is counted in the postmaster's).
 */

const TICK_MS = 10 // USER_HZ is 100 on Linux

type Proc = { pid: number; ppid: number; ms: number }

function readProcs(): Proc[] {
  const procs: Proc[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // The command (field 2) may hold spaces: the fields after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0)
      procs.push({ pid: Number(name), ppid: Number(fields[1]), ms: ticks * TICK_MS })
    } catch {
      // gone meanwhile
    }
  }
  return procs
}

/** CPU milliseconds so far of `root`'s whole tree, split by the subtrees of `parts` (pid → name). */
export function treeCpu(root: number, parts: Record<string, number | undefined>): CpuSample {
  const procs = readProcs()
  const children = new Map<number, Proc[]>()
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p])
  const sum = (pid: number, skip: Set<number>): number => {
    const self = procs.find((p) => p.pid === pid)?.ms ?? 0
    return (
      self +
      (children.get(pid) ?? [])
        .filter((c) => !skip.has(c.pid))
        .reduce((s, c) => s + sum(c.pid, skip), 0)
    )
  }
  const partPids = new Set(Object.values(parts).filter((p): p is number => !!p))
  const sample: CpuSample = { rest: sum(root, partPids) }
  for (const [name, pid] of Object.entries(parts)) sample[name] = pid ? sum(pid, new Set()) : 0
  return sample
}

export type CpuSample = Record<string, number>

export function cpuBetween(before: CpuSample, after: CpuSample): CpuSample {
  return Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]))
}

/** The embedded PostgreSQL's postmaster, from its pid file (null for an outside database). */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(`${dataDir}/postgres/postmaster.pid`, 'utf8').split('\n')[0])
    return Number.isFinite(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}
