import {
  CATEGORY_LABELS,
  type Category,
  type CustomCategory,
  customCategoryLabel,
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
} from '@equilibrai/shared'
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { toastError, toastSuccess } from '@/lib/notify'
import { useCustomCategories } from '../api/get-categories'
import { useDeleteCategory, useSaveCategory } from '../api/save-category'

const entriesText = (n: number) => (n === 1 ? '1 lançamento' : `${n} lançamentos`)

/**
 * "Minhas categorias" (issue 26, ADR 026): categories of one's own, each inside a default one
 * (where reports and budgets count it). Created, renamed, given an emoji, deleted — a deleted
 * category's entries stay, in the default category it was in. The assistant learns them too.
 */
export function CategoriesSection() {
  const id = useId()
  const custom = useCustomCategories()
  const save = useSaveCategory()
  const remove = useDeleteCategory()
  const [editing, setEditing] = useState<number | null>(null)
  const [deleting, setDeleting] = useState<CustomCategory | null>(null)

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formEl = event.currentTarget
    const data = new FormData(formEl)
    const draft = {
      name: String(data.get('name') ?? ''),
      emoji: String(data.get('emoji') ?? ''),
      category: String(data.get('category') ?? 'outros'),
    }
    save.mutate(
      { draft },
      {
        onSuccess: (created) => {
          toastSuccess(`Categoria ${customCategoryLabel(created)} criada.`)
          formEl.reset()
        },
        onError: (error) => toastError(error),
      },
    )
  }

  function confirmDelete() {
    if (!deleting) return
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toastSuccess('Categoria apagada.')
        setDeleting(null)
      },
      onError: (error) => toastError(error),
    })
  }

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Minhas categorias</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-muted-foreground text-sm">
          Crie categorias suas, como “🐶 Cachorro”. No WhatsApp, é só dizer “pet shop 80 em
          Cachorro”.
        </p>
        <form
          onSubmit={create}
          className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end"
          aria-label="Nova categoria"
        >
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>Nome da categoria</Label>
            <Input id={`${id}-name`} name="name" required maxLength={40} autoComplete="off" />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${id}-emoji`}>Emoji</Label>
            <Input id={`${id}-emoji`} name="emoji" maxLength={16} placeholder="🐶" />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={`${id}-base`}>Conta como</Label>
            <NativeSelect id={`${id}-base`} name="category" defaultValue="outros">
              <optgroup label="Despesas">
                {Object.keys(EXPENSE_CATEGORIES).map((slug) => (
                  <option key={slug} value={slug}>
                    {CATEGORY_LABELS[slug as Category]}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Receitas">
                {Object.keys(INCOME_CATEGORIES).map((slug) => (
                  <option key={slug} value={slug}>
                    {CATEGORY_LABELS[slug as Category]}
                  </option>
                ))}
              </optgroup>
            </NativeSelect>
          </div>
          <Button type="submit" disabled={save.isPending}>
            <PlusIcon aria-hidden="true" />
            Criar categoria
          </Button>
        </form>
        {custom.length > 0 && (
          <ul className="divide-y" aria-label="Categorias próprias" data-testid="custom-categories">
            {custom.map((c) =>
              editing === c.id ? (
                <EditRow key={c.id} category={c} onDone={() => setEditing(null)} />
              ) : (
                <li key={c.id} className="flex items-center gap-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{customCategoryLabel(c)}</p>
                    <p className="text-muted-foreground text-xs">
                      Em {CATEGORY_LABELS[c.category]} · {entriesText(c.entries)}
                    </p>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Editar ${c.name}`}
                    onClick={() => setEditing(c.id)}
                  >
                    <PencilIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Apagar ${c.name}`}
                    onClick={() => setDeleting(c)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              ),
            )}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title="Apagar categoria?"
        description={
          deleting
            ? `Os lançamentos dela (${entriesText(deleting.entries)}) continuam, na categoria ${CATEGORY_LABELS[deleting.category]}.`
            : ''
        }
        confirmLabel="Apagar"
        pendingLabel="Apagando..."
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Card>
  )
}

function EditRow({ category, onDone }: { category: CustomCategory; onDone: () => void }) {
  const id = useId()
  const save = useSaveCategory()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    save.mutate(
      {
        id: category.id,
        draft: { name: String(data.get('name') ?? ''), emoji: String(data.get('emoji') ?? '') },
      },
      {
        onSuccess: () => {
          toastSuccess('Categoria atualizada.')
          onDone()
        },
        onError: (error) => toastError(error),
      },
    )
  }
  return (
    <li className="py-2">
      <form onSubmit={submit} className="grid grid-cols-1 gap-2 sm:grid-cols-[2fr_1fr_auto_auto]">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-name`}>Novo nome</Label>
          <Input id={`${id}-name`} name="name" defaultValue={category.name} maxLength={40} />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-emoji`}>Novo emoji</Label>
          <Input
            id={`${id}-emoji`}
            name="emoji"
            defaultValue={category.emoji ?? ''}
            maxLength={16}
          />
        </div>
        <Button type="submit" className="sm:self-end" disabled={save.isPending}>
          Salvar
        </Button>
        <Button type="button" variant="outline" className="sm:self-end" onClick={onDone}>
          Cancelar
        </Button>
      </form>
    </li>
  )
}
