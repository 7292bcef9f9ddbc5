// The PDF tests read statements back with `pdftotext` from Debian's poppler-utils. Install it
// with apt when it is missing (CI and fresh machines run as root), like ensure-chromium.mjs.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? '/usr/bin/pdftotext'
if (existsSync(PDFTOTEXT)) process.exit(0)
if (process.platform !== 'linux' || process.getuid?.() !== 0) {
  console.error(
    `pdftotext não encontrado em ${PDFTOTEXT}. Instale-o (ex.: sudo apt-get install -y poppler-utils) ou defina PDFTOTEXT_PATH.`,
  )
  process.exit(1)
}
console.log('Instalando o poppler-utils do Debian (pdftotext) para os testes de PDF…')
execSync(
  'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils',
  { stdio: 'inherit' },
)
