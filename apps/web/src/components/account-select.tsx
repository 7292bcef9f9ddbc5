import type { ComponentProps } from 'react'
import { NativeSelect } from '@/components/ui/native-select'
import type { Account } from '@/lib/accounts-contract'
import { ACCOUNT_KIND_LABELS, accountLabel } from '@/lib/get-accounts'

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
