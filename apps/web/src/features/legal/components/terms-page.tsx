import { Link } from 'react-router'
import { LegalLayout } from './legal-layout'

export function TermsPage() {
  return (
    <LegalLayout title="Termos de Uso">
      <section>
        <h2>1. Quem somos</h2>
        <p>
          O Equilibraí é um serviço de organização financeira pessoal e empresarial oferecido por
          Equilibraí Tecnologia Ltda. (CNPJ a ser informado), com atendimento pelo e-mail{' '}
          <a href="mailto:contato@equilibrai.com.br">contato@equilibrai.com.br</a>. Ao criar uma
          conta ou usar o serviço, você concorda com estes Termos.
        </p>
      </section>
      <section>
        <h2>2. O serviço</h2>
        <p>
          Pelo WhatsApp, você registra gastos e receitas, consulta saldos e vencimentos e recebe
          relatórios e alertas. Pelo site, você gerencia sua conta, seu perfil e sua assinatura.
        </p>
        <p>
          O Equilibraí é uma ferramenta de organização: as informações exibidas dependem do que você
          registra e não constituem recomendação de investimento, consultoria contábil, jurídica ou
          tributária.
        </p>
      </section>
      <section>
        <h2>3. Sua conta</h2>
        <ul>
          <li>Você deve ter 18 anos ou mais e informar dados verdadeiros.</li>
          <li>
            Você é responsável por manter sua senha em sigilo e pelo uso do número de WhatsApp
            vinculado.
          </li>
          <li>Nos planos empresariais, o titular responde pelos usuários que convidar.</li>
        </ul>
      </section>
      <section>
        <h2>4. Planos, pagamentos e cancelamento</h2>
        <ul>
          <li>
            O plano Gratuito tem limite mensal de lançamentos; os planos pagos, os limites descritos
            na página de planos.
          </li>
          <li>
            As assinaturas são mensais, cobradas de forma recorrente no cartão por meio da Stripe,
            nossa processadora de pagamentos.
          </li>
          <li>
            Você pode cancelar a qualquer momento pelo portal de assinaturas; o acesso pago segue
            até o fim do período já pago.
          </li>
          <li>
            Compras feitas pela internet podem ser desistidas em até 7 dias, com reembolso integral,
            conforme o Código de Defesa do Consumidor.
          </li>
          <li>Mudanças de preço são avisadas com antecedência mínima de 30 dias.</li>
        </ul>
      </section>
      <section>
        <h2>5. Uso adequado</h2>
        <p>
          Não é permitido usar o serviço para atividades ilegais, enviar conteúdo ofensivo, tentar
          acessar dados de outras pessoas ou sobrecarregar a plataforma. Podemos suspender contas
          que violem estes Termos, com aviso sempre que possível.
        </p>
      </section>
      <section>
        <h2>6. Disponibilidade e responsabilidade</h2>
        <p>
          Trabalhamos para manter o serviço disponível e seus dados seguros, mas ele pode passar por
          manutenções ou falhas de terceiros (como o próprio WhatsApp). Não respondemos por decisões
          financeiras tomadas com base nas informações registradas por você.
        </p>
      </section>
      <section>
        <h2>7. Privacidade</h2>
        <p>
          O tratamento dos seus dados pessoais está descrito na nossa{' '}
          <Link to="/privacidade">Política de Privacidade</Link>.
        </p>
      </section>
      <section>
        <h2>8. Alterações e foro</h2>
        <p>
          Podemos atualizar estes Termos; mudanças relevantes serão comunicadas por e-mail ou
          WhatsApp. Estes Termos seguem as leis brasileiras, e fica eleito o foro do domicílio do
          consumidor.
        </p>
      </section>
    </LegalLayout>
  )
}
