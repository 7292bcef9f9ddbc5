import { createHash } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  unlinkSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The embedded PostgreSQL's Unix socket (docs/decisions/036-embedded-database-unix-socket.md):
 * a round trip over a Unix socket costs the kernel far less than over loopback TCP, for the
 * sender and for PostgreSQL alike. The socket lives in DATA_DIR/postgres-socket; where that path
 * is too long for a socket address, in a short directory of the system's temp directory named
 * after DATA_DIR; where neither can be used safely, the database listens on 127.0.0.1 only.
 */

/** sun_path holds 108 bytes with its terminating NUL; PostgreSQL refuses a longer path. */
const SUN_PATH_MAX = 107
/** The socket file's name at the longest port. */
const LONGEST_SOCKET_NAME = '/.s.PGSQL.65535'

/** Whether a socket (and its `.lock`, which PostgreSQL also checks) fits a directory's path. */
export function fitsSocketPath(dir: string): boolean {
  return Buffer.byteLength(dir) + LONGEST_SOCKET_NAME.length <= SUN_PATH_MAX
}

/** Where the socket goes for this DATA_DIR, best first. */
export function socketDirCandidates(dataDir: string): string[] {
  const resolved = path.resolve(dataDir)
  const short = createHash('sha256').update(resolved).digest('hex').slice(0, 16)
  return [path.join(resolved, 'postgres-socket'), path.join(os.tmpdir(), `equilibrai-pg-${short}`)]
}

type RunAs = { uid: number; gid: number } | undefined

/**
 * Makes the socket's directory (0700, owned by the user postgres runs as) and returns it, or
 * null to stay on TCP. A directory someone else made (a shared temp directory), or a symlink,
 * is never used.
 */
export function prepareSocketDir(dataDir: string, runAs: RunAs): string | null {
  const uid = runAs?.uid ?? process.getuid?.()
  for (const dir of socketDirCandidates(dataDir)) {
    if (!fitsSocketPath(dir)) continue
    try {
      mkdirSync(dir, { mode: 0o700 })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') continue
    }
    const stat = lstatSync(dir)
    if (!stat.isDirectory()) continue
    if (runAs && stat.uid !== runAs.uid) {
      // Ours (root made it) or not to be trusted.
      if (stat.uid !== process.getuid?.()) continue
      chownSync(dir, runAs.uid, runAs.gid)
    } else if (uid !== undefined && stat.uid !== uid) {
      continue
    }
    chmodSync(dir, 0o700)
    return dir
  }
  return null
}

/**
 * The value for postgres' `unix_socket_directories`: the directory quoted, so a comma or a space
 * in DATA_DIR stays part of it; empty for no socket.
 */
export function socketDirectoriesSetting(dir: string | null): string {
  return dir === null ? '' : `"${dir.replaceAll('"', '""')}"`
}

/**
 * Removes the socket files a postgres killed with SIGKILL left behind (the socket and its lock
 * file, which holds the dead postmaster's pid: a pid reused by another process would make the
 * next start refuse the port). Only while no postgres of this cluster runs.
 */
export function removeStaleSockets(dir: string | null): void {
  if (dir === null || !existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    if (!/^\.s\.PGSQL\.\d+(\.lock)?$/.test(name)) continue
    try {
      unlinkSync(path.join(dir, name))
    } catch {
      // gone meanwhile
    }
  }
}

/** The socket file of a running postgres, when it exists (a server started before 036 has none). */
export function liveSocketDir(dir: string | null, port: number): string | null {
  return dir && existsSync(path.join(dir, `.s.PGSQL.${port}`)) ? dir : null
}
