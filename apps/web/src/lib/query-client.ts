import { MutationCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { toastError } from './notify'

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error
    /** `errorMessage`: the spec's toast for a failed mutation, shown by the cache below. */
    mutationMeta: { errorMessage?: string }
  }
}

const MAX_RETRIES = 3

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000)
}

/** Retries network and server failures; a 4xx is an answer, asking again will not change it. */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.isClientError) return false
  return failureCount < MAX_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
    // Query failures reach the data layer only (spec §8); mutations with a message toast it.
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        const message = mutation.meta?.errorMessage
        if (message) toastError(error, message)
      },
    }),
  })
}

export const queryClient = createQueryClient()
