import {
  CSV_DATE_FORMATS,
  type CsvMapping,
  formatBRL,
  type ImportCommit,
  type ImportDetail,
} from '@equilibrai/shared'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { usePageTitle } from '@/lib/use-page-title'
import {
  commitImport,
  getAccounts,
  getImport,
  ImportError,
  unmatchItem,
  uploadStatement,
} from '../api/upload-statement'

const FORMAT_LABELS: Record<string, string> = {
  ofx: 'OFX',
  nubank: 'Nubank (CSV)',
  inter: 'Inter (CSV)',
  csv: 'CSV de outro banco',
}
const STATE_LABELS = { new: 'Novo', duplicate: 'Já importado', matched: 'Já lançado' }
const TYPE_SIGN = { income: '+', expense: '−', transfer: '⇄' }

type Account = { id: number; name: string; is_default: boolean; archived: boolean }

/** The first line of a CSV's header, split on its delimiter (for the column mapping). */
async function csvColumns(file: File): Promise<string[]> {
  const head = await file.slice(0, 8192).text()
  const line = head.split(/\r?\n/).find((l) => l.trim() !== '') ?? ''
  const delimiter = [';', ',', '\t'].sort((a, b) => line.split(b).length - line.split(a).length)[0]
  return line.split(delimiter ?? ',').map((c) => c.replace(/^["'\s]+|["'\s]+$/g, ''))
}

const selectClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base md:text-sm'

function MappingForm({
  columns,
  onSubmit,
}: {
  columns: string[]
  onSubmit: (m: CsvMapping) => void
}) {
  const [m, setM] = useState<Record<string, string>>({
    date: columns[0] ?? '',
    description: columns[1] ?? '',
    amount: columns[2] ?? '',
    debit: '',
    credit: '',
    decimal: 'comma',
    date_format: 'DD/MM/YYYY',
  })
  const field = (key: string, label: string, options: readonly string[], optional = false) => (
    <label className="block space-y-1 text-sm">
      <span className="font-medium">{label}</span>
      <select
        className={selectClass}
        value={m[key]}
        onChange={(e) => setM({ ...m, [key]: e.target.value })}
        name={key}
        aria-label={label}
      >
        {optional && <option value="">—</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <form
      className="space-y-3 rounded-lg border p-4"
      aria-label="Colunas do CSV"
      onSubmit={(e) => {
        e.preventDefault()
        const mapping = {
          date: m.date,
          description: m.description,
          decimal: m.decimal,
          date_format: m.date_format,
          ...(m.amount ? { amount: m.amount } : { debit: m.debit, credit: m.credit }),
        } as CsvMapping
        onSubmit(mapping)
      }}
    >
      <p className="text-sm">
        Não conhecemos as colunas deste CSV. Diga onde está cada informação — guardamos a escolha
        para esta conta.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('date', 'Data', columns)}
        {field('description', 'Descrição', columns)}
        {field('amount', 'Valor (com sinal)', columns, true)}
        {field('debit', 'Ou: débito', columns, true)}
        {field('credit', 'E: crédito', columns, true)}
        {field('date_format', 'Formato da data', CSV_DATE_FORMATS)}
        <label className="block space-y-1 text-sm">
          <span className="font-medium">Casas decimais</span>
          <select
            className={selectClass}
            value={m.decimal}
            aria-label="Casas decimais"
            onChange={(e) => setM({ ...m, decimal: e.target.value })}
          >
            <option value="comma">vírgula (1.234,56)</option>
            <option value="dot">ponto (1,234.56)</option>
          </select>
        </label>
      </div>
      <Button type="submit">Usar estas colunas</Button>
    </form>
  )
}

/** /importar: a statement file → preview (counts, rows, "a conferir") → "Importar". */
export function ImportPage() {
  usePageTitle('Importar extrato')
  const [accounts, setAccounts] = useState<Account[]>([])
  const [accountId, setAccountId] = useState<number | undefined>()
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [columns, setColumns] = useState<string[] | null>(null)
  const [preview, setPreview] = useState<ImportDetail | null>(null)
  // The "a conferir" rows, read apart: the table below holds only the pages loaded so far.
  const [toReview, setToReview] = useState<ImportDetail['items']>([])
  const [loadingMore, setLoadingMore] = useState(false)
  const [result, setResult] = useState<ImportCommit | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    getAccounts()
      .then((r) => {
        const open = r.data.filter((a) => !a.archived)
        setAccounts(open)
        setAccountId(open.find((a) => a.is_default)?.id)
      })
      .catch(() => setAccounts([]))
  }, [])

  /** The first page of rows and the rows to check, again (after an upload, commit or undo). */
  async function load(id: number) {
    const [first, review] = await Promise.all([getImport(id), getImport(id, { review: true })])
    setPreview(first)
    setToReview(review.items.filter((i) => i.state === 'matched'))
  }

  async function loadMore() {
    if (!preview?.next_cursor) return
    setLoadingMore(true)
    try {
      const next = await getImport(preview.id, { cursor: preview.next_cursor })
      setPreview({ ...next, items: [...preview.items, ...next.items] })
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível carregar as linhas.')
    } finally {
      setLoadingMore(false)
    }
  }

  async function send(chosen: File, mapping?: CsvMapping) {
    setError(null)
    setPreview(null)
    setResult(null)
    setProgress(0)
    try {
      const summary = await uploadStatement({ file: chosen, accountId, mapping }, setProgress)
      setColumns(null)
      await load(summary.id)
    } catch (e) {
      if (e instanceof ImportError && e.code === 'MAPPING_REQUIRED') {
        setColumns(await csvColumns(chosen))
      }
      setError(e instanceof Error ? e.message : 'Não foi possível ler o arquivo.')
    } finally {
      setProgress(null)
    }
  }

  async function confirm() {
    if (!preview) return
    setBusy(true)
    try {
      setResult(await commitImport(preview.id))
      await load(preview.id)
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível importar.')
    } finally {
      setBusy(false)
    }
  }

  async function undoMatch(ord: number) {
    if (!preview) return
    await unmatchItem(preview.id, ord)
    await load(preview.id)
  }

  return (
    <main id="conteudo" className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Importar extrato</h1>
        <p className="text-muted-foreground text-sm">
          OFX de qualquer banco, CSV do Nubank (conta e cartão), do Inter, ou outro CSV. Nada é
          lançado antes de você conferir e tocar em “Importar”.
        </p>
      </header>

      <section className="space-y-3 rounded-lg border p-4">
        <label className="block space-y-1 text-sm">
          <span className="font-medium">Conta</span>
          <select
            className={selectClass}
            value={accountId ?? ''}
            onChange={(e) => setAccountId(Number(e.target.value))}
            name="account_id"
            aria-label="Conta"
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block space-y-1 text-sm">
          <span className="font-medium">Arquivo do extrato</span>
          <input
            type="file"
            name="file"
            accept=".ofx,.csv,.txt,text/csv,application/x-ofx"
            className="block w-full text-sm"
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null
              setFile(chosen)
              if (chosen) void send(chosen)
            }}
          />
        </label>
        {progress !== null && (
          <div className="space-y-1">
            <progress className="w-full" max={1} value={progress} aria-label="Enviando o arquivo" />
            <p className="text-muted-foreground text-xs">
              Enviando e lendo… {Math.round(progress * 100)}%
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </section>

      {columns && file && <MappingForm columns={columns} onSubmit={(m) => void send(file, m)} />}

      {preview && (
        <section className="space-y-4" aria-label="Prévia">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium">
                Formato: <span data-testid="format">{FORMAT_LABELS[preview.format]}</span>
              </p>
              {preview.period.from && (
                <p className="text-muted-foreground text-sm">
                  Período: {preview.period.from.split('-').reverse().join('/')} a{' '}
                  {preview.period.to?.split('-').reverse().join('/')}
                </p>
              )}
            </div>
            {preview.status === 'preview' ? (
              <Button type="button" onClick={() => void confirm()} disabled={busy}>
                Importar
              </Button>
            ) : (
              <p role="status" className="font-medium text-sm">
                Importado: {result?.recorded ?? 0} lançados, {result?.linked ?? 0} ligados a
                lançamentos que você já tinha feito.
              </p>
            )}
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="counts">
            {[
              ['Linhas', preview.rows],
              ['Novos', preview.new],
              ['Já importados', preview.duplicates],
              ['Já lançados', preview.matched],
            ].map(([label, n]) => (
              <div key={label} className="rounded-md border p-2">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold text-lg">{n}</dd>
              </div>
            ))}
          </dl>

          {toReview.length > 0 && (
            <div className="space-y-2 rounded-lg border border-amber-500/50 p-3">
              <h2 className="font-semibold">A conferir ({toReview.length})</h2>
              <p className="text-muted-foreground text-sm">
                Ligamos estas linhas a lançamentos parecidos (mesmo valor, data próxima). Se não for
                o mesmo gasto, desfaça: a linha vira um lançamento próprio.
              </p>
              <ul className="space-y-2">
                {toReview.map((i) => (
                  <li
                    key={i.ord}
                    className="flex flex-wrap items-center justify-between gap-2 text-sm"
                  >
                    <span className="min-w-0 break-words">
                      {i.date.split('-').reverse().join('/')} · {i.description} ·{' '}
                      {formatBRL(i.amount_cents)}
                    </span>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => void undoMatch(i.ord)}
                    >
                      Não é o mesmo
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}

          <ul className="divide-y rounded-lg border" aria-label="Linhas do extrato">
            {preview.items.map((i) => (
              <li key={i.ord} className="flex items-start justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="break-words font-medium">{i.description}</p>
                  <p className="text-muted-foreground text-xs">
                    {i.date.split('-').reverse().join('/')} · {STATE_LABELS[i.state]}
                  </p>
                </div>
                <span className="shrink-0 tabular-nums">
                  {TYPE_SIGN[i.type]} {formatBRL(i.amount_cents)}
                </span>
              </li>
            ))}
          </ul>
          {preview.next_cursor && (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-muted-foreground text-sm">
                Mostrando {preview.items.length} de {preview.rows} linhas.
              </p>
              <Button
                type="button"
                variant="outline"
                onClick={() => void loadMore()}
                disabled={loadingMore}
              >
                Mostrar mais linhas
              </Button>
            </div>
          )}
        </section>
      )}
    </main>
  )
}
