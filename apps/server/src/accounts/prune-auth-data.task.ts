import { pruneAuthData } from './auth-cleanup.ts'
import type { TaskDeps } from '../app/task-registry.ts'

export function pruneAuthDataTask({ db, log }: TaskDeps) {
  return async () => {
    const removed = await pruneAuthData(db)
    log.debug(removed, 'expired sessions, tokens and rate-limit windows removed')
  }
}
