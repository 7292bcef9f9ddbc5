#!/usr/bin/env node
/**
 * Draws the Equilibraí mark (public/favicon.svg: a chat bubble holding an equals sign on an
 * emerald tile) into the PNG icons the web app manifest needs. No image libraries: shapes are
 * sampled 4×4 per pixel and written as a PNG with node:zlib. Run it after changing the mark:
 *   node apps/web/scripts/generate-icons.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const EMERALD = [4, 120, 87]
const WHITE = [255, 255, 255]
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons')

// --- geometry, in the SVG's 32×32 units -------------------------------------------------
function inRoundedRect(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false
  const cx = Math.min(Math.max(x, x0 + r), x1 - r)
  const cy = Math.min(Math.max(y, y0 + r), y1 - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

function inTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by)
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy)
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay)
  const neg = d1 < 0 || d2 < 0 || d3 < 0
  const pos = d1 > 0 || d2 > 0 || d3 > 0
  return !(neg && pos)
}

function inCapsule(x, y, x0, x1, cy, r) {
  const cx = Math.min(Math.max(x, x0), x1)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

/** Colour of the mark at (x, y), or null outside the tile. */
function markColor(x, y, { rounded }) {
  const inTile = rounded
    ? inRoundedRect(x, y, 0, 0, 32, 32, 8)
    : x >= 0 && x <= 32 && y >= 0 && y <= 32
  if (!inTile) return null
  const inBubble =
    inRoundedRect(x, y, 5.5, 7.5, 26.5, 22.5, 3.5) ||
    inTriangle(x, y, [10, 22], [14.8, 22], [10, 26.2])
  if (!inBubble) return EMERALD
  if (inCapsule(x, y, 11, 21, 12.5, 1.1) || inCapsule(x, y, 11, 21, 17, 1.1)) return EMERALD
  return WHITE
}

// --- rasterising ------------------------------------------------------------------------
function render(size, { rounded, scale }) {
  const pixels = Buffer.alloc(size * size * 4)
  const SS = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          // Map the pixel to mark units, shrinking the mark around the centre by `scale`.
          const u = ((px + (sx + 0.5) / SS) / size) * 32
          const v = ((py + (sy + 0.5) / SS) / size) * 32
          const x = 16 + (u - 16) / scale
          const y = 16 + (v - 16) / scale
          // The full-bleed (maskable) icon paints its padding with the tile colour.
          const color = markColor(x, y, { rounded }) ?? (rounded ? null : EMERALD)
          if (!color) continue
          r += color[0]
          g += color[1]
          b += color[2]
          a += 1
        }
      }
      const i = (py * size + px) * 4
      const n = SS * SS
      pixels[i] = a ? Math.round(r / a) : 0
      pixels[i + 1] = a ? Math.round(g / a) : 0
      pixels[i + 2] = a ? Math.round(b / a) : 0
      pixels[i + 3] = Math.round((a / n) * 255)
    }
  }
  return pixels
}

// --- PNG encoding -----------------------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buffer) {
  let c = 0xffffffff
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

function png(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0 // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  // Maskable: the platform crops to a circle or squircle; keep the bubble in the safe zone.
  { file: 'maskable-512.png', size: 512, rounded: false, scale: 0.72 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.86 },
]

mkdirSync(out, { recursive: true })
for (const icon of ICONS) {
  writeFileSync(join(out, icon.file), png(icon.size, render(icon.size, icon)))
  console.log(`public/icons/${icon.file}`)
}
