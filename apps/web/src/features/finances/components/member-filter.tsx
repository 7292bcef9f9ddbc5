import { useId } from 'react'
import { Label } from '@/components/ui/label'
import type { LedgerMember } from '../api/get-team-members'

/** A team's /financas: the entries of everyone, or of one person (?membro=<user id>). */
export function MemberFilter({
  members,
  value,
  onChange,
}: {
  members: LedgerMember[]
  value: string | undefined
  onChange: (member: string | undefined) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id}>Lançado por</Label>
      <select
        id={id}
        className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-sm"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">Toda a equipe</option>
        {members.map((m) => (
          <option key={m.user_id} value={m.user_id}>
            {m.name}
          </option>
        ))}
      </select>
    </div>
  )
}
