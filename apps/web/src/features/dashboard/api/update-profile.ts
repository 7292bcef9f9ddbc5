import type { Profile } from '@equilibrai/shared'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { profileQueryOptions } from './get-profile'

export const PROFILE_UPDATED_MESSAGE = 'Perfil atualizado com sucesso!'
export const PROFILE_UPDATE_ERROR_MESSAGE = 'Erro ao atualizar perfil. Tente novamente.'

/** What the form sends: profileSchema's output (name trimmed, an empty phone as null). */
export type ProfileUpdate = { name: string; phone: string | null }

/** PATCH /api/profile {name, phone}. */
export function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return api.patch<Profile>('/api/profile', update)
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorMessage: PROFILE_UPDATE_ERROR_MESSAGE },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  })
}
