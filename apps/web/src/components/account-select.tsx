import type { ComponentProps } from 'react'
import { NativeSelect } from '@/components/ui/native-select'
import { ACCOUNT_KIND_LABELS, type Account } from '@equilibrai/shared'
import { accountLabel } from '@/lib/get-accounts'

/** A <select> of accounts (value: the id as text), each named with its kind. */
export function AccountSelect({
  accounts,
  ...props
}: Omit<ComponentProps<'select'>, 'children'> & { accounts: Account[] }) {
  return (
    <NativeSelect {...props}>
      {accounts.map((a) => (
        <option key={a.id} value={String(a.id)}>
          {accountLabel(a)} ({ACCOUNT_KIND_LABELS[a.kind]})
        </option>
      ))}
    </NativeSelect>
  )
}
