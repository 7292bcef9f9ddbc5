import { parentPort } from 'node:worker_threads'
import { renderMonthlyPdf, type StatementInput } from './monthly-pdf.ts'

/* A worker thread of pdf-renderer.ts: renders statements off the main thread. */

parentPort?.on('message', async ({ id, input }: { id: number; input: StatementInput }) => {
  try {
    const pdf = await renderMonthlyPdf(input)
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice()
    parentPort?.postMessage({ id, pdf: bytes }, [bytes.buffer])
  } catch (error) {
    parentPort?.postMessage({ id, error: String((error as Error)?.stack ?? error) })
  }
})
