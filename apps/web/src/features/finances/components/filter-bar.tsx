import {
  type Account,
  CATEGORY_LABELS,
  type Category,
  customCategoryLabel,
  EXPENSE_CATEGORIES,
  formatBRL,
  INCOME_CATEGORIES,
  readTypedAmount,
} from '@equilibrai/shared'
import { FilterXIcon, SearchIcon } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { useCustomCategories } from '../api/get-categories'
import type { LedgerMember } from '../api/get-team-members'
import { type FinanceFilters, hasFilters } from '../utils/filters'
import { AccountFilter } from './account-filter'
import { MemberFilter } from './member-filter'

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  )
}

/** What an amount filter will use, under the field: the same reader as the entry form's. */
function amountHint(text: string): string {
  if (text.trim() === '') return ''
  const cents = readTypedAmount(text)
  return cents === null ? 'Valor não reconhecido. Ex.: 23, 1.500 ou 23,50' : formatBRL(cents)
}

/**
 * /financas's search and filters (issue 26). Choices apply at once; the words and amounts
 * apply with Enter or "Filtrar". One column on a phone, so nothing is cut at 390 px.
 */
export function FilterBar({
  filters,
  members,
  accounts,
  onChange,
}: {
  filters: FinanceFilters
  members: LedgerMember[]
  accounts: Account[]
  onChange: (next: FinanceFilters) => void
}) {
  const custom = useCustomCategories().filter((c) => !filters.tipo || c.type === filters.tipo)
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  // Bumped by "Limpar filtros": the typed fields start over from the (empty) filters.
  const [generation, setGeneration] = useState(0)
  const [min, setMin] = useState(filters.min ?? '')
  const [max, setMax] = useState(filters.max ?? '')

  /** The typed fields as they are now, over the chosen ones, and `patch` on top. */
  function apply(patch: FinanceFilters = {}) {
    const data = new FormData(form.current ?? undefined)
    const typed = (name: string) => {
      const v = String(data.get(name) ?? '').trim()
      return v === '' ? undefined : v
    }
    const minText = typed('min')
    const maxText = typed('max')
    onChange({
      ...filters,
      busca: typed('busca'),
      min: minText !== undefined && readTypedAmount(minText) !== null ? minText : undefined,
      max: maxText !== undefined && readTypedAmount(maxText) !== null ? maxText : undefined,
      de: typed('de'),
      ate: typed('ate'),
      ...patch,
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    apply()
  }

  function clear() {
    setMin('')
    setMax('')
    setGeneration((g) => g + 1)
    onChange({})
  }

  const categoryGroups: [string, Record<string, string>][] =
    filters.tipo === 'income'
      ? [['Receitas', INCOME_CATEGORIES]]
      : filters.tipo === 'expense'
        ? [['Despesas', EXPENSE_CATEGORIES]]
        : [
            ['Despesas', EXPENSE_CATEGORIES],
            ['Receitas', INCOME_CATEGORIES],
          ]

  return (
    <search aria-label="Filtrar lançamentos" data-testid="filter-bar">
      <form ref={form} onSubmit={submit} className="space-y-3 rounded-lg border bg-card p-3 sm:p-4">
        <div key={generation} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <Field label="Buscar" id={`${id}-busca`}>
              <Input
                id={`${id}-busca`}
                name="busca"
                type="search"
                enterKeyHint="search"
                placeholder="Descrição, ex.: mercado"
                defaultValue={filters.busca ?? ''}
                maxLength={100}
              />
            </Field>
          </div>
          <Field label="Tipo" id={`${id}-tipo`}>
            <NativeSelect
              id={`${id}-tipo`}
              value={filters.tipo ?? ''}
              onChange={(e) => {
                const tipo = e.target.value === '' ? undefined : (e.target.value as 'expense')
                const categoria =
                  filters.categoria && tipo && !(filters.categoria in categoryOf(tipo))
                    ? undefined
                    : filters.categoria
                apply({ tipo, categoria })
              }}
            >
              <option value="">Receitas e despesas</option>
              <option value="expense">Só despesas</option>
              <option value="income">Só receitas</option>
            </NativeSelect>
          </Field>
          <Field label="Categoria" id={`${id}-categoria`}>
            <NativeSelect
              id={`${id}-categoria`}
              value={filters.categoria ?? ''}
              onChange={(e) =>
                apply({ categoria: (e.target.value || undefined) as FinanceFilters['categoria'] })
              }
            >
              <option value="">Todas as categorias</option>
              {custom.length > 0 && (
                <optgroup label="Minhas categorias">
                  {custom.map((c) => (
                    <option key={c.id} value={`c${c.id}`}>
                      {customCategoryLabel(c)}
                    </option>
                  ))}
                </optgroup>
              )}
              {categoryGroups.map(([group, categories]) => (
                <optgroup key={group} label={group}>
                  {Object.keys(categories).map((slug) => (
                    <option key={slug} value={slug}>
                      {CATEGORY_LABELS[slug as Category]}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </Field>
          {members.length > 0 && (
            <MemberFilter
              members={members}
              value={filters.membro}
              onChange={(membro) => apply({ membro })}
            />
          )}
          {accounts.length > 1 && (
            <AccountFilter
              accounts={accounts}
              value={filters.conta}
              onChange={(conta) => apply({ conta })}
            />
          )}
          <Field label="Valor mínimo" id={`${id}-min`}>
            <Input
              id={`${id}-min`}
              name="min"
              inputMode="decimal"
              placeholder="R$ 0,00"
              value={min}
              onChange={(e) => setMin(e.target.value)}
              aria-describedby={`${id}-min-hint`}
              aria-invalid={min.trim() !== '' && readTypedAmount(min) === null}
            />
            <p id={`${id}-min-hint`} className="min-h-4 text-muted-foreground text-xs">
              {amountHint(min)}
            </p>
          </Field>
          <Field label="Valor máximo" id={`${id}-max`}>
            <Input
              id={`${id}-max`}
              name="max"
              inputMode="decimal"
              placeholder="R$ 0,00"
              value={max}
              onChange={(e) => setMax(e.target.value)}
              aria-describedby={`${id}-max-hint`}
              aria-invalid={max.trim() !== '' && readTypedAmount(max) === null}
            />
            <p id={`${id}-max-hint`} className="min-h-4 text-muted-foreground text-xs">
              {amountHint(max)}
            </p>
          </Field>
          <Field label="De" id={`${id}-de`}>
            <Input
              id={`${id}-de`}
              name="de"
              type="date"
              defaultValue={filters.de ?? ''}
              onChange={() => apply()}
            />
          </Field>
          <Field label="Até" id={`${id}-ate`}>
            <Input
              id={`${id}-ate`}
              name="ate"
              type="date"
              defaultValue={filters.ate ?? ''}
              onChange={() => apply()}
            />
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">
            <SearchIcon aria-hidden="true" />
            Filtrar
          </Button>
          {hasFilters(filters) && (
            <Button type="button" variant="ghost" onClick={clear}>
              <FilterXIcon aria-hidden="true" />
              Limpar filtros
            </Button>
          )}
        </div>
      </form>
    </search>
  )
}

function categoryOf(type: 'expense' | 'income'): Record<string, string> {
  return type === 'income' ? INCOME_CATEGORIES : EXPENSE_CATEGORIES
}
