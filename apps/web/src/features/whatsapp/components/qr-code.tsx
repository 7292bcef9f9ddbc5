import { useMemo } from 'react'
import { encodeQr, qrPath } from '../utils/qr-code'

/** A QR code of `text` as an SVG (dark on white, whatever the theme: cameras need contrast). */
export function QrCode({
  text,
  label,
  size = 176,
}: {
  text: string
  label: string
  size?: number
}) {
  const { path, modules } = useMemo(() => {
    const matrix = encodeQr(text)
    return { path: qrPath(matrix), modules: matrix.length + 8 }
  }, [text])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-md bg-white"
    >
      <title>{label}</title>
      <path d={path} fill="#000" />
    </svg>
  )
}
