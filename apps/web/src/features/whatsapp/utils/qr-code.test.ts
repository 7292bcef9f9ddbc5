import { describe, expect, it } from 'vitest'
import { encodeQr, qrPath, qrVersionFor } from './qr-code'

async function digest(matrix: boolean[][]): Promise<string> {
  const text = matrix.map((row) => row.map((m) => (m ? '1' : '0')).join('')).join('\n')
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The 15 format bits next to the top-left finder pattern, unmasked. */
function formatBits(m: boolean[][]): number {
  const at = (x: number, y: number) => (m[y]?.[x] ? 1 : 0)
  const cells: Array<[number, number]> = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ]
  return cells.reduce((acc, [x, y], i) => acc | (at(x, y) << i), 0) ^ 0x5412
}

describe('QR code encoder', () => {
  it('produces the symbols a decoder read back (checked with jsQR when written)', async () => {
    // Each of these decoded to its text; any change to the encoder must keep them decodable.
    expect(await digest(encodeQr('https://wa.me/5511999999999?text=vincular%20ABC234'))).toBe(
      '3a4c56d76c5cde646bfe7df4b89dfe7ebef171ff9030d87e9edc5417344180bb',
    )
    expect(await digest(encodeQr('Olá'))).toBe(
      'c43db63d6294ad65f9024a604d6382fb273fa06384979454c2c2c686f2e55462',
    )
    expect(await digest(encodeQr('x'.repeat(200)))).toBe(
      '64e9db0f7dcfa486be63739a1efef2c8324387cf233f7686c75d9b4e079a8873',
    )
  })

  it('picks the smallest version for the length (level M, byte mode)', () => {
    expect(qrVersionFor(14)).toBe(1)
    expect(qrVersionFor(15)).toBe(2)
    expect(qrVersionFor(50)).toBe(4)
    expect(qrVersionFor(213)).toBe(10)
    expect(qrVersionFor(214)).toBeNull()
    expect(() => encodeQr('x'.repeat(300))).toThrow()
    expect(encodeQr('https://wa.me/5511999999999?text=vincular%20ABC234')).toHaveLength(33)
  })

  it('draws finder, timing and format patterns where readers look for them', () => {
    const m = encodeQr('vincular ABC234')
    const size = m.length
    const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111']
    for (const [ox, oy] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      const drawn = finder.map((_, y) =>
        Array.from({ length: 7 }, (_, x) => (m[oy + y]?.[ox + x] ? '1' : '0')).join(''),
      )
      expect(drawn).toEqual(finder)
    }
    for (let i = 8; i < size - 8; i++) {
      expect(m[6]?.[i]).toBe(i % 2 === 0)
      expect(m[i]?.[6]).toBe(i % 2 === 0)
    }
    const bits = formatBits(m)
    expect(bits >>> 13).toBe(0) // error correction level M
    let rem = bits >>> 10
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
    expect(((bits >>> 10) << 10) | rem).toBe(bits) // a valid BCH code word
  })

  it('renders dark modules as an SVG path inside the quiet zone', () => {
    const path = qrPath([
      [true, false],
      [false, true],
    ])
    expect(path).toBe('M4 4h1v1h-1zM5 5h1v1h-1z')
  })
})
