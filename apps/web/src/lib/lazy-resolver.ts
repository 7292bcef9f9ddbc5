import type { FieldValues, Resolver } from 'react-hook-form'

/**
 * A form resolver whose code (zod, the shared schemas, zodResolver: ≈ 40 KB gzip) loads on the
 * first validation instead of with the page. For prerendered pages (/auth, ADR 018): their
 * JavaScript only hydrates, and evaluating zod and every shared schema before the page is
 * interactive was a large part of its blocking time. `preload` starts the download early, e.g.
 * when a field gets focus, so the first submit does not wait for the network.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined // Offline for a moment: the next submit tries again.
      throw error
    })
    return loading
  }
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  }
}
