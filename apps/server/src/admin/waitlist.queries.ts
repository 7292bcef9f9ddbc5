import type { Db } from '../platform/index.ts'

export type WaitlistEntry = { nome: string; whatssapp: string; email: string | null }

/**
 * Adds a person to the waitlist. The same WhatsApp again changes nothing: the form is public and
 * anyone can type any number, so a second sign-up must not overwrite the first one's name or
 * e-mail (it still answers like a success, so the form tells nobody who is on the list).
 */
export async function joinWaitlist(db: Db, entry: WaitlistEntry): Promise<void> {
  await db.query(
    `insert into usuarios (nome, whatssapp, email) values ($1, $2, $3)
     on conflict (whatssapp) do nothing`,
    [entry.nome, entry.whatssapp, entry.email],
  )
}
