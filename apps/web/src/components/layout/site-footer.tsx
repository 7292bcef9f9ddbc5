import { whatsappUrl } from '@/lib/env'
import { Logo } from './logo'
import { AppLink } from '@/components/app-link'

export const CONTACT_EMAIL = 'contato@equilibrai.com.br'

const SOCIAL_LINKS = [
  { href: 'https://www.instagram.com/equilibrai.app', label: 'Instagram' },
  { href: 'https://www.linkedin.com/company/equilibrai', label: 'LinkedIn' },
] as const

const linkClass =
  'rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-8 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr_1fr]">
        <div className="col-span-2 space-y-3 md:col-span-1">
          <Logo />
          <p className="max-w-xs text-muted-foreground text-sm">
            Seu consultor financeiro de bolso, a uma mensagem de distância no WhatsApp.
          </p>
        </div>
        <nav
          aria-labelledby="rodape-contato"
          className="col-span-2 space-y-3 text-sm sm:col-span-1"
        >
          <h2 id="rodape-contato" className="font-semibold">
            Fale com a gente
          </h2>
          <ul className="space-y-2">
            <li>
              {whatsappUrl ? (
                <a
                  className={linkClass}
                  href={whatsappUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp
                </a>
              ) : (
                // No business number in this build: the spec's WhatsApp link opens the simulator,
                // the same assistant on the same path as WhatsApp (ARCHITECTURE §2).
                <AppLink className={linkClass} to="/simulador">
                  WhatsApp (simulador)
                </AppLink>
              )}
            </li>
            <li>
              <a className={linkClass} href={`mailto:${CONTACT_EMAIL}`}>
                {CONTACT_EMAIL}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="rodape-redes" className="space-y-3 text-sm">
          <h2 id="rodape-redes" className="font-semibold">
            Redes sociais
          </h2>
          <ul className="space-y-2">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a className={linkClass} href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="rodape-legal" className="space-y-3 text-sm">
          <h2 id="rodape-legal" className="font-semibold">
            Legal
          </h2>
          <ul className="space-y-2">
            <li>
              <AppLink className={linkClass} to="/termos">
                Termos de Uso
              </AppLink>
            </li>
            <li>
              <AppLink className={linkClass} to="/privacidade">
                Política de Privacidade
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-muted-foreground text-xs sm:px-6">
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Equilibraí Tecnologia
          Ltda. Todos os direitos reservados.
        </p>
      </div>
    </footer>
  )
}
