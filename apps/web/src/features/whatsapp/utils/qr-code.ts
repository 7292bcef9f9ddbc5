/**
 * A small QR Code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1–10
 * (up to 213 bytes: a wa.me link with its text needs about 50). Written here rather than pulled
 * in as a package because it is all the dashboard needs; the structure follows Project Nayuki's
 * reference implementation. Returns the module matrix: true = dark.
 */

const MAX_VERSION = 10
/** Level M, by version (index 0 unused). */
const ECC_CODEWORDS_PER_BLOCK = [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26]
const NUM_BLOCKS = [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5]
/** Level M's two format bits. */
const ECC_FORMAT_BITS = 0

export type QrMatrix = boolean[][]

/** Modules that hold data, after the function patterns of a version are drawn. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2
    result -= (25 * align - 10) * align - 55
    if (version >= 7) result -= 36
  }
  return result
}

function dataCodewords(version: number): number {
  const ecc = ECC_CODEWORDS_PER_BLOCK[version] ?? 0
  const blocks = NUM_BLOCKS[version] ?? 0
  return Math.floor(rawDataModules(version) / 8) - ecc * blocks
}

// ---- Reed–Solomon over GF(2^8) with the polynomial 0x11D ----

function gfMultiply(x: number, y: number): number {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j] ?? 0, root)
      if (j + 1 < result.length) result[j] = (result[j] ?? 0) ^ (result[j + 1] ?? 0)
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

function rsRemainder(data: number[], divisor: number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0)
  for (const b of data) {
    const factor = b ^ (result.shift() ?? 0)
    result.push(0)
    divisor.forEach((coef, i) => {
      result[i] = (result[i] ?? 0) ^ gfMultiply(coef, factor)
    })
  }
  return result
}

// ---- Codewords ----

function encodeData(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = []
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  push(0b0100, 4) // byte mode
  push(bytes.length, version <= 9 ? 8 : 16)
  for (const b of bytes) push(b, 8)
  const capacity = dataCodewords(version) * 8
  push(0, Math.min(4, capacity - bits.length)) // terminator
  push(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8)
  const codewords: number[] = []
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0))
  }
  return codewords
}

/** Splits into blocks, adds each block's error correction, and interleaves. */
function addEccAndInterleave(data: number[], version: number): number[] {
  const numBlocks = NUM_BLOCKS[version] ?? 1
  const eccLen = ECC_CODEWORDS_PER_BLOCK[version] ?? 0
  const rawCodewords = Math.floor(rawDataModules(version) / 8)
  const numShortBlocks = numBlocks - (rawCodewords % numBlocks)
  const shortBlockLen = Math.floor(rawCodewords / numBlocks)
  const divisor = rsDivisor(eccLen)
  const blocks: number[][] = []
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const length = shortBlockLen - eccLen + (i < numShortBlocks ? 0 : 1)
    const block = data.slice(k, k + length)
    k += length
    const ecc = rsRemainder(block, divisor)
    if (i < numShortBlocks) block.push(0) // placeholder, skipped below
    blocks.push([...block, ...ecc])
  }
  const result: number[] = []
  for (let i = 0; i < (blocks[0]?.length ?? 0); i++) {
    blocks.forEach((block, j) => {
      if (i !== shortBlockLen - eccLen || j >= numShortBlocks) result.push(block[i] ?? 0)
    })
  }
  return result
}

// ---- The symbol ----

class QrSymbol {
  readonly size: number
  readonly modules: boolean[][]
  readonly isFunction: boolean[][]

  constructor(readonly version: number) {
    this.size = version * 4 + 17
    this.modules = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    )
    this.isFunction = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    )
  }

  set(x: number, y: number, dark: boolean, isFunction = true) {
    const row = this.modules[y]
    const fn = this.isFunction[y]
    if (!row || !fn) return
    row[x] = dark
    if (isFunction) fn[x] = true
  }

  get(x: number, y: number): boolean {
    return this.modules[y]?.[x] ?? false
  }

  drawFunctionPatterns() {
    const { size } = this
    for (let i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0)
      this.set(i, 6, i % 2 === 0)
    }
    this.drawFinder(3, 3)
    this.drawFinder(size - 4, 3)
    this.drawFinder(3, size - 4)
    const positions = this.alignmentPositions()
    const n = positions.length
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        // Not over the three finder patterns.
        if ((i === 0 && j === 0) || (i === 0 && j === n - 1) || (i === n - 1 && j === 0)) continue
        this.drawAlignment(positions[i] ?? 0, positions[j] ?? 0)
      }
    }
    this.drawFormatBits(0) // reserves the area; redrawn with the chosen mask
    this.drawVersion()
  }

  private drawFinder(x: number, y: number) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const dist = Math.max(Math.abs(dx), Math.abs(dy))
        const xx = x + dx
        const yy = y + dy
        if (xx >= 0 && xx < this.size && yy >= 0 && yy < this.size) {
          this.set(xx, yy, dist !== 2 && dist !== 4)
        }
      }
    }
  }

  private drawAlignment(x: number, y: number) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        this.set(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
      }
    }
  }

  private alignmentPositions(): number[] {
    if (this.version === 1) return []
    const count = Math.floor(this.version / 7) + 2
    const step = Math.ceil((this.version * 4 + 4) / (count * 2 - 2)) * 2
    const result = [6]
    for (let pos = this.size - 7; result.length < count; pos -= step) result.splice(1, 0, pos)
    return result
  }

  drawFormatBits(mask: number) {
    const data = (ECC_FORMAT_BITS << 3) | mask
    let rem = data
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
    const bits = ((data << 10) | rem) ^ 0x5412
    const bit = (i: number) => ((bits >>> i) & 1) !== 0
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i))
    this.set(8, 7, bit(6))
    this.set(8, 8, bit(7))
    this.set(7, 8, bit(8))
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i))
    for (let i = 0; i < 8; i++) this.set(this.size - 1 - i, 8, bit(i))
    for (let i = 8; i < 15; i++) this.set(8, this.size - 15 + i, bit(i))
    this.set(8, this.size - 8, true) // the dark module
  }

  private drawVersion() {
    if (this.version < 7) return
    let rem = this.version
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25)
    const bits = (this.version << 12) | rem
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) !== 0
      const a = this.size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      this.set(a, b, dark)
      this.set(b, a, dark)
    }
  }

  drawCodewords(codewords: number[]) {
    let i = 0
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5 // skip the vertical timing pattern
      for (let vert = 0; vert < this.size; vert++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j
          const upward = ((right + 1) & 2) === 0
          const y = upward ? this.size - 1 - vert : vert
          if (!this.isFunction[y]?.[x] && i < codewords.length * 8) {
            const dark = (((codewords[i >>> 3] ?? 0) >>> (7 - (i & 7))) & 1) !== 0
            this.set(x, y, dark, false)
            i++
          }
        }
      }
    }
  }

  applyMask(mask: number) {
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (this.isFunction[y]?.[x]) continue
        let invert: boolean
        switch (mask) {
          case 0:
            invert = (x + y) % 2 === 0
            break
          case 1:
            invert = y % 2 === 0
            break
          case 2:
            invert = x % 3 === 0
            break
          case 3:
            invert = (x + y) % 3 === 0
            break
          case 4:
            invert = (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0
            break
          case 5:
            invert = ((x * y) % 2) + ((x * y) % 3) === 0
            break
          case 6:
            invert = (((x * y) % 2) + ((x * y) % 3)) % 2 === 0
            break
          default:
            invert = (((x + y) % 2) + ((x * y) % 3)) % 2 === 0
        }
        if (invert) this.set(x, y, !this.get(x, y), false)
      }
    }
  }

  /** The standard's penalty score: lower reads more reliably. */
  penalty(): number {
    const { size } = this
    let score = 0
    const lines: boolean[][] = []
    for (let i = 0; i < size; i++) {
      lines.push(Array.from({ length: size }, (_, j) => this.get(j, i)))
      lines.push(Array.from({ length: size }, (_, j) => this.get(i, j)))
    }
    const finderLike = [true, false, true, true, true, false, true]
    for (const line of lines) {
      let run = 1
      for (let i = 1; i <= size; i++) {
        if (i < size && line[i] === line[i - 1]) run++
        else {
          if (run >= 5) score += 3 + (run - 5)
          run = 1
        }
      }
      for (let i = 0; i + 7 <= size; i++) {
        if (!finderLike.every((v, k) => line[i + k] === v)) continue
        const lightBefore = i >= 4 && [1, 2, 3, 4].every((k) => line[i - k] === false)
        const lightAfter = i + 11 <= size && [0, 1, 2, 3].every((k) => line[i + 7 + k] === false)
        if (lightBefore || lightAfter) score += 40
      }
    }
    for (let y = 0; y < size - 1; y++) {
      for (let x = 0; x < size - 1; x++) {
        const c = this.get(x, y)
        if (c === this.get(x + 1, y) && c === this.get(x, y + 1) && c === this.get(x + 1, y + 1)) {
          score += 3
        }
      }
    }
    let dark = 0
    for (const row of this.modules) for (const m of row) if (m) dark++
    const total = size * size
    const k = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1
    return score + Math.max(0, k) * 10
  }
}

/** The smallest version that holds `length` bytes, or null when the text is too long. */
export function qrVersionFor(length: number): number | null {
  for (let v = 1; v <= MAX_VERSION; v++) {
    const header = 4 + (v <= 9 ? 8 : 16)
    if (header + length * 8 <= dataCodewords(v) * 8) return v
  }
  return null
}

export function encodeQr(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text)
  const version = qrVersionFor(bytes.length)
  if (version === null) throw new Error('Texto longo demais para o QR code.')
  const codewords = addEccAndInterleave(encodeData(bytes, version), version)
  const symbol = new QrSymbol(version)
  symbol.drawFunctionPatterns()
  symbol.drawCodewords(codewords)
  let best = 0
  let bestScore = Number.POSITIVE_INFINITY
  for (let mask = 0; mask < 8; mask++) {
    symbol.applyMask(mask)
    symbol.drawFormatBits(mask)
    const score = symbol.penalty()
    if (score < bestScore) {
      best = mask
      bestScore = score
    }
    symbol.applyMask(mask) // undo
  }
  symbol.applyMask(best)
  symbol.drawFormatBits(best)
  return symbol.modules
}

/** An SVG path of the dark modules, in module units, offset by the quiet zone. */
export function qrPath(matrix: QrMatrix, quiet = 4): string {
  const parts: string[] = []
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + quiet} ${y + quiet}h1v1h-1z`)
    })
  })
  return parts.join('')
}
