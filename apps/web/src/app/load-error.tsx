/** What a page shows when its code could not be downloaded. Plain markup: nothing to load. */
export function LoadError() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-bold text-2xl">{offline ? 'Você está offline' : 'Algo deu errado'}</h1>
      <p className="text-muted-foreground">
        {offline
          ? 'Esta página ainda não foi salva no seu aparelho. Conecte-se à internet e tente de novo.'
          : 'Não conseguimos carregar esta página. Verifique sua conexão e tente de novo.'}
      </p>
      <a
        href={typeof window === 'undefined' ? '/' : window.location.href}
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        Tentar novamente
      </a>
    </main>
  )
}
