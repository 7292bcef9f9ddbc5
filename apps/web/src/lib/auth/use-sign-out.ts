import { useCallback, useState } from 'react'
import { toastError, toastSuccess } from '@/lib/notify'
import { signOut } from './sign-out'
import { useAuth } from './use-auth'

export const SIGN_OUT_MESSAGE = 'Logout realizado com sucesso!'

/**
 * 'Sair': the server ends the session, then this tab forgets it. The route guard sees the
 * sign-out and sends the person to / (spec §4), where the toast greets them.
 */
export function useSignOut() {
  const { clear } = useAuth()
  const [pending, setPending] = useState(false)
  const run = useCallback(async () => {
    setPending(true)
    try {
      await signOut()
    } catch (error) {
      toastError(error)
      setPending(false)
      return
    }
    clear({ signedOut: true })
    toastSuccess(SIGN_OUT_MESSAGE)
    setPending(false)
  }, [clear])
  return { signOut: run, pending }
}
