import { type ProfileInput, profileSchema } from '@equilibrai/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toastError, toastSuccess } from '@/lib/notify'
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

  // Spec §5: only the first validation message is shown, as a toast.
  function onInvalid(errors: FieldErrors<ProfileInput>) {
    const first = [errors.name?.message, errors.phone?.message].find(Boolean)
    toastError(undefined, first ?? 'Dados inválidos')
  }

  return (
    <form
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      noValidate
      className="space-y-4"
      aria-busy={update.isPending}
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>Nome</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          aria-invalid={form.formState.errors.name ? true : undefined}
          {...form.register('name')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-phone`}>Telefone</Label>
        <Input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(11) 98765-4321"
          aria-invalid={form.formState.errors.phone ? true : undefined}
          {...form.register('phone')}
        />
      </div>
      <div className="space-y-1 text-sm">
        <p className="text-muted-foreground">Email</p>
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
