import { type ProfileInput, profileSchema } from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toastFirstError } from '@/lib/form'
import { toastSuccess } from '@/lib/notify'
import type { Profile } from '@equilibrai/shared'
import {
  PROFILE_UPDATED_MESSAGE,
  type ProfileUpdate,
  useUpdateProfile,
} from '../api/update-profile'

/** Spec §2 and §4: 'Editar Perfil' — name and phone; closes on a successful save. */
export function EditProfileDialog({
  profile,
  open,
  onClose,
}: {
  profile: Profile
  open: boolean
  onClose: () => void
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Editar Perfil</DialogTitle>
          <DialogDescription>Atualize seu nome e telefone.</DialogDescription>
        </DialogHeader>
        {open && <ProfileForm profile={profile} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  )
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const id = useId()
  const update = useUpdateProfile()
  const form = useForm<ProfileInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: profile.name, phone: profile.phone ?? '' },
  })

  function onValid(values: ProfileUpdate) {
    update.mutate(values, {
      onSuccess: () => {
        toastSuccess(PROFILE_UPDATED_MESSAGE)
        onDone()
      },
    })
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, toastFirstError)}
      noValidate
      className="space-y-4"
      aria-busy={update.isPending}
    >
      <FormField
        id={`${id}-name`}
        label="Nome"
        autoComplete="name"
        invalid={Boolean(form.formState.errors.name)}
        {...form.register('name')}
      />
      <FormField
        id={`${id}-phone`}
        label="Telefone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="(11) 98765-4321"
        invalid={Boolean(form.formState.errors.phone)}
        {...form.register('phone')}
      />
      <div className="space-y-1 text-sm">
        <p className="text-muted-foreground">E-mail</p>
        <p className="font-medium [overflow-wrap:anywhere]">{profile.email}</p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </DialogFooter>
    </form>
  )
}
