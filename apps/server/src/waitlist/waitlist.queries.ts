import type { Db } from '../db/database.ts'

export type WaitlistEntry = { nome: string; whatssapp: string; email: string | null }

/**
 * Adds a person to the waitlist. The same WhatsApp again is the same person: no second row,
 * their latest name is kept and a newly given e-mail fills in (an empty one never erases).
 */
export async function joinWaitlist(db: Db, entry: WaitlistEntry): Promise<void> {
  await db.query(
    `insert into usuarios (nome, whatssapp, email) values ($1, $2, $3)
     on conflict (whatssapp) do update set
       nome = excluded.nome,
       email = coalesce(excluded.email, usuarios.email),
       updated_at = now()`,
    [entry.nome, entry.whatssapp, entry.email],
  )
}
