import { create } from 'qrcode'

/*
 * The linking card's QR code, drawn by the `qrcode` package (error correction M, the smallest
 * version that fits). This module is reached only through the card's lazy QrCode component, so
 * the encoder downloads only when a code is shown.
 */

/** Rows of modules, true = dark. */
export type QrMatrix = boolean[][]

export function encodeQr(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' })
  return Array.from({ length: modules.size }, (_, y) =>
    Array.from({ length: modules.size }, (_, x) => Boolean(modules.get(y, x))),
  )
}

/** An SVG path of the dark modules, offset by a quiet zone of `quiet` modules. */
export function qrPath(matrix: QrMatrix, quiet = 4): string {
  const parts: string[] = []
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + quiet} ${y + quiet}h1v1h-1z`)
    })
  })
  return parts.join('')
}
