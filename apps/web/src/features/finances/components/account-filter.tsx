import { useId } from 'react'
import { NativeSelect } from '@/components/ui/native-select'
import { Label } from '@/components/ui/label'
import type { Account } from '@equilibrai/shared'
import { accountLabel } from '@/lib/get-accounts'

/** /financas narrowed to one account or card (?conta=<id>), or all of them. */
export function AccountFilter({
  accounts,
  value,
  onChange,
}: {
  accounts: Account[]
  value: number | undefined
  onChange: (accountId: number | undefined) => void
}) {
  const id = useId()
  return (
    <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
      <Label htmlFor={id} className="shrink-0">
        Conta
      </Label>
      <NativeSelect
        id={id}
        className="h-9 min-w-0 flex-1 text-sm sm:w-auto sm:max-w-xs sm:flex-none"
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">Todas as contas</option>
        {accounts.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {accountLabel(a)}
            {a.archived ? ' (arquivada)' : ''}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
