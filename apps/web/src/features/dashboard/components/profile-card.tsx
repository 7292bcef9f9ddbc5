import { MailIcon, PencilIcon, PhoneIcon, UserIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useProfile } from '../api/get-profile'
import { EditProfileDialog } from './edit-profile-dialog'
import { LoadFailed } from '@/components/load-failed'

const EMPTY = 'Não informado'

function Field({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  return (
    // A <dl> row holds only <dt> and <dd>: the icon sits inside the term, drawn in the gutter.
    <div className="relative min-w-0 pl-7">
      <dt className="text-muted-foreground text-sm">
        <span
          className="absolute top-0.5 left-0 text-muted-foreground [&_svg]:size-4"
          aria-hidden="true"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{value?.trim() ? value : EMPTY}</dd>
    </div>
  )
}

/** Spec §2 'Informações do Perfil': name, email and phone, and the edit dialog. */
export function ProfileCard() {
  const { data: profile, isPending, isError, refetch } = useProfile()
  const [editing, setEditing] = useState(false)
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <CardTitle as="h2">Informações do Perfil</CardTitle>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!profile}
          onClick={() => setEditing(true)}
        >
          <PencilIcon aria-hidden="true" />
          Editar Perfil
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-10 w-3/4" />
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-10 w-1/2" />
          </div>
        ) : isError ? (
          <LoadFailed what="o perfil" onRetry={() => void refetch()} />
        ) : (
          <dl className="space-y-4">
            <Field icon={<UserIcon />} label="Nome" value={profile.name} />
            <Field icon={<MailIcon />} label="E-mail" value={profile.email} />
            <Field icon={<PhoneIcon />} label="Telefone" value={profile.phone} />
          </dl>
        )}
      </CardContent>
      {profile && (
        <EditProfileDialog profile={profile} open={editing} onClose={() => setEditing(false)} />
      )}
    </Card>
  )
}
