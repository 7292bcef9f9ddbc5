import { z } from 'zod'

/**
 * Zod's own messages in Brazilian Portuguese, for the checks that have no message of ours (a
 * `null` where a text goes, an unknown option): every message the API or a form shows is pt-BR.
 * Imported by this package's index, so both the server and the web app get it. Global: zod
 * keeps one configuration per process.
 */
z.config(z.locales.ptBR())
