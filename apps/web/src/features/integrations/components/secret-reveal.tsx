import { CheckIcon, CopyIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { toastError } from '@/lib/notify'

/** A secret shown once (an API key, a webhook signing secret), with a copy button. */
export function SecretReveal({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch (error) {
      toastError(error, 'Não foi possível copiar. Selecione o texto e copie.')
    }
  }
  return (
    <div
      className="space-y-2 rounded-lg border border-primary/40 bg-primary/5 p-3"
      role="status"
      data-testid="secret-reveal"
    >
      <p className="font-medium text-sm">{label}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1.5 font-mono text-xs">
          {value}
        </code>
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        Copie agora e guarde em local seguro: por segurança, não mostraremos de novo.
      </p>
    </div>
  )
}

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleString('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  })
}
