// Browser tests drive Debian's Chromium. Install it with apt when it is missing (CI and fresh
// machines run as root); never a browser download of a test tool's own.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (existsSync(CHROMIUM)) process.exit(0)
if (process.platform !== 'linux' || process.getuid?.() !== 0) {
  console.error(
    `Chromium não encontrado em ${CHROMIUM}. Instale-o (ex.: sudo apt-get install -y chromium) ou defina CHROMIUM_PATH.`,
  )
  process.exit(1)
}
console.log('Instalando o Chromium do Debian para os testes de navegador…')
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
})
