import { understand } from '../packages/assistant/src/index.ts'
const ctx = { now: new Date('2026-11-19T02:00:00Z') }
const msgs = ['mercado 45,90', 'gastei 45,90 no mercado ontem', 'quanto é 10% de 300?', 'uber 20 e ifood 40', 'gastei 30 no almoço e 12 no café', 'comprei uma TV de 2.400 em 12x', '3x de 100 na loja', 'mercado 200 amanhã', 'NF 001.234.567', 'qto gastei esse mês', 'trinta e cinco no almoço']
for (const m of msgs) {
  let b = Infinity
  for (let r = 0; r < 5; r++) {
    const c0 = process.cpuUsage(); let n = 0; const until = performance.now() + 150
    while (performance.now() < until) { for (let k = 0; k < 100; k++) understand(m, ctx); n += 100 }
    const c = process.cpuUsage(c0); b = Math.min(b, ((c.user + c.system) * 1000) / n)
  }
  console.log(String(Math.round(b)).padStart(6), 'ns', m)
}
