import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

type AxeResult = { violations: { id: string; impact?: string; nodes: { target: unknown }[] }[] }
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe-core's violations within `selector` on the page as it is now (evaluated through the
 * DevTools protocol, so the page's CSP does not block it). `impacts` keeps only those levels.
 */
export async function axeViolations(
  page: Page,
  { selector = 'body', impacts }: { selector?: string; impacts?: string[] } = {},
): Promise<string[]> {
  // A toast or dialog still fading in has a partial opacity, which axe reads as low contrast:
  // on a loaded machine the fade lasts longer, so wait for running animations to finish first.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  )
  await page.evaluate(AXE)
  const result = await page.evaluate(
    (sel) =>
      (window as unknown as { axe: { run(context: unknown): Promise<AxeResult> } }).axe.run(
        document.querySelector(sel),
      ),
    selector,
  )
  return result.violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.map((n) => n.target))}`)
}
