import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { encodeQr, type QrMatrix, qrPath } from './qr-code'

/** The matrix as a camera would see it: RGBA pixels, `scale` per module, a 4-module quiet zone. */
function toImage(matrix: QrMatrix, scale = 4) {
  const side = (matrix.length + 8) * scale
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + 4) * scale + dy) * side + (x + 4) * scale + dx) * 4
          data[at] = data[at + 1] = data[at + 2] = 0
        }
      }
    })
  })
  return { data, side }
}

const decode = (text: string) => {
  const { data, side } = toImage(encodeQr(text))
  return jsQR(data, side, side)?.data
}

describe('the linking QR code', () => {
  it.each([
    'https://wa.me/5511999999999?text=vincular%20ABC234',
    'vincular ABC234',
    'Olá, é o Equilibraí',
    'x'.repeat(200),
  ])('reads back as %s with a real decoder (jsQR)', (text) => {
    expect(decode(text)).toBe(text)
  })

  it('draws one square per dark module, inside the quiet zone', () => {
    const matrix = encodeQr('vincular ABC234')
    const dark = matrix.flat().filter(Boolean).length
    const path = qrPath(matrix)
    expect(path.match(/M/g)).toHaveLength(dark)
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true)
  })
})
