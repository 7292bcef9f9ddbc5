import { Bone } from './bone'

export function PricingSkeleton() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      <span className="sr-only">Carregando planos...</span>
      {['a', 'b', 'c', 'd'].map((key) => (
        <div key={key} className="space-y-4 rounded-xl border p-6">
          <Bone className="h-5 w-28" />
          <Bone className="h-9 w-36" />
          <div className="space-y-2.5 pt-2">
            <Bone className="h-4 w-full" />
            <Bone className="h-4 w-5/6" />
            <Bone className="h-4 w-4/6" />
            <Bone className="h-4 w-5/6" />
          </div>
          <Bone className="h-12 w-full" />
        </div>
      ))}
    </div>
  )
}
