/** A landing section whose code could not be downloaded: say so, offer a reload. */
export function SectionError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
    >
      <p className="font-medium">{message}</p>
      <p className="text-muted-foreground text-sm">Verifique sua conexão e recarregue a página.</p>
    </div>
  )
}
