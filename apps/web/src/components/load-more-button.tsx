import { Button } from '@/components/ui/button'

type InfiniteQueryLike = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
}

/** 'Carregar mais' under a cursor-paged list; nothing once the last page is in. */
export function LoadMoreButton({ query }: { query: InfiniteQueryLike }) {
  if (!query.hasNextPage) return null
  return (
    <div className="flex justify-center px-6 pt-4 sm:px-0">
      <Button
        type="button"
        variant="outline"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
      </Button>
    </div>
  )
}
