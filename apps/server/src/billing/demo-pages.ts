import { html, raw } from 'hono/html'

/**
 * The simulated checkout and portal, rendered on the server: no script (the CSP allows none
 * inline), one form per action, readable on a phone. Every value is escaped by `html`.
 */

const STYLE = `
  :root { color-scheme: light dark; --fg: #0f172a; --muted: #475569; --bg: #f8fafc;
    --card: #fff; --border: #e2e8f0; --primary: #059669; --warn-bg: #fef3c7; --warn-fg: #78350f; }
  @media (prefers-color-scheme: dark) { :root { --fg: #f1f5f9; --muted: #94a3b8; --bg: #020617;
    --card: #0f172a; --border: #1e293b; --warn-bg: #422006; --warn-fg: #fde68a; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100dvh; display: grid; place-items: center; padding: 1rem;
    font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: var(--fg);
    background: var(--bg); }
  main { width: 100%; max-width: 28rem; background: var(--card); border: 1px solid var(--border);
    border-radius: 1rem; padding: 1.5rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); }
  .tag { display: inline-block; margin: 0 0 .75rem; padding: .25rem .75rem; border-radius: 999px;
    background: var(--warn-bg); color: var(--warn-fg); font-weight: 600; font-size: .8rem; }
  h1 { margin: 0 0 .5rem; font-size: 1.5rem; line-height: 1.2; }
  p { margin: 0 0 1rem; color: var(--muted); }
  dl { margin: 0 0 1.5rem; padding: 1rem; border: 1px solid var(--border); border-radius: .75rem; }
  dl div { display: flex; justify-content: space-between; gap: 1rem; padding: .25rem 0; }
  dt { color: var(--muted); } dd { margin: 0; font-weight: 600; text-align: right; }
  form { margin: 0 0 .75rem; }
  button, a.secondary { display: block; width: 100%; min-height: 2.75rem; padding: .625rem 1rem;
    border-radius: .5rem; font: inherit; font-weight: 600; text-align: center; cursor: pointer; }
  button { border: 0; background: var(--primary); color: #fff; }
  button.danger { background: #dc2626; }
  a.secondary { border: 1px solid var(--border); color: var(--fg); text-decoration: none; }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--primary); outline-offset: 2px; }
`

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} — Equilibraí</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`
}

export function demoCheckoutPage(params: {
  action: string
  cancelUrl: string
  planName: string
  price: string
}) {
  return page(
    'Pagamento simulado',
    html`<span class="tag">Ambiente de demonstração</span>
      <h1>Pagamento simulado</h1>
      <p>
        Nenhum cartão é pedido e nada é cobrado. Confirmar ativa o plano na sua conta pelo
        mesmo caminho de um pagamento real.
      </p>
      <dl>
        <div><dt>Plano</dt><dd>${params.planName}</dd></div>
        <div><dt>Valor</dt><dd>${params.price}/mês</dd></div>
      </dl>
      <form method="post" action="${params.action}">
        <button type="submit">Confirmar pagamento</button>
      </form>
      <a class="secondary" href="${params.cancelUrl}">Cancelar</a>`,
  )
}

export function demoPortalPage(params: {
  action: string
  backUrl: string
  planName: string
  renewal: string | null
}) {
  return page(
    'Portal de assinaturas (simulado)',
    html`<span class="tag">Ambiente de demonstração</span>
      <h1>Portal de assinaturas (simulado)</h1>
      <p>Aqui você gerencia a sua assinatura. Nada é cobrado nesta demonstração.</p>
      <dl>
        <div><dt>Plano</dt><dd>${params.planName}</dd></div>
        ${
          params.renewal
            ? html`<div><dt>Próxima renovação</dt><dd>${params.renewal}</dd></div>`
            : ''
        }
      </dl>
      <form method="post" action="${params.action}">
        <button type="submit" class="danger">Cancelar assinatura</button>
      </form>
      <a class="secondary" href="${params.backUrl}">Voltar ao painel</a>`,
  )
}

export function demoLinkGonePage(backUrl: string) {
  return page(
    'Link expirado',
    html`<h1>Este link expirou ou já foi usado</h1>
      <p>Volte ao painel e comece de novo.</p>
      <a class="secondary" href="${backUrl}">Voltar ao painel</a>`,
  )
}
