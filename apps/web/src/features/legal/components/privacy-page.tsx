import { DataExportFields } from './data-export-fields'
import { LegalLayout } from './legal-layout'

const PRIVACY_EMAIL = 'privacidade@equilibrai.com.br'

export function PrivacyPage() {
  return (
    <LegalLayout title="Política de Privacidade">
      <section>
        <h2>1. Quem trata os seus dados</h2>
        <p>
          A controladora dos seus dados pessoais é a Equilibraí Tecnologia Ltda. (CNPJ e endereço a
          serem informados). Para qualquer assunto de privacidade, fale com o nosso encarregado pelo
          e-mail <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </p>
      </section>
      <section>
        <h2>2. Quais dados coletamos</h2>
        <ul>
          <li>
            <strong>Cadastro e Lista VIP:</strong> nome, e-mail e telefone/WhatsApp.
          </li>
          <li>
            <strong>Uso pelo WhatsApp:</strong> seu número, as mensagens que você envia ao
            Equilibraí e os lançamentos financeiros que elas contêm (valores, descrições, categorias
            e datas).
          </li>
          <li>
            <strong>Assinatura:</strong> plano, status e datas de cobrança. Os dados do cartão são
            informados diretamente à Stripe e não passam pelos nossos servidores.
          </li>
          <li>
            <strong>Dados técnicos:</strong> registros de acesso (IP, data e hora), exigidos pelo
            Marco Civil da Internet, e cookies essenciais de sessão.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. Para que usamos e com qual base legal (LGPD, art. 7º)</h2>
        <ul>
          <li>
            <strong>Prestar o serviço</strong> — registrar lançamentos, gerar relatórios e alertas:
            execução de contrato.
          </li>
          <li>
            <strong>Cobrança da assinatura:</strong> execução de contrato.
          </li>
          <li>
            <strong>Avisar sobre o lançamento (Lista VIP):</strong> consentimento, que você pode
            retirar quando quiser.
          </li>
          <li>
            <strong>Segurança e prevenção a fraudes:</strong> legítimo interesse.
          </li>
          <li>
            <strong>Guarda de registros de acesso e documentos fiscais:</strong> cumprimento de
            obrigação legal.
          </li>
        </ul>
        <p>Não vendemos seus dados e não os usamos para publicidade de terceiros.</p>
      </section>
      <section>
        <h2>4. Com quem compartilhamos</h2>
        <ul>
          <li>
            <strong>Stripe:</strong> processamento dos pagamentos das assinaturas.
          </li>
          <li>
            <strong>Meta (WhatsApp Business):</strong> entrega das mensagens entre você e o
            Equilibraí.
          </li>
          <li>
            <strong>Provedores de infraestrutura</strong> (hospedagem e envio de e-mails), sob
            contrato e só no necessário.
          </li>
          <li>
            <strong>Autoridades</strong>, quando houver obrigação legal ou ordem judicial.
          </li>
        </ul>
        <p>
          Alguns desses parceiros podem tratar dados fora do Brasil, com as salvaguardas exigidas
          pela LGPD.
        </p>
      </section>
      <section>
        <h2>5. Por quanto tempo guardamos</h2>
        <ul>
          <li>
            Dados da conta e lançamentos: enquanto a conta estiver ativa; excluídos na hora quando
            você usa “Excluir minha conta” (as cópias de segurança se renovam em até 30 dias).
          </li>
          <li>Lista VIP: até o lançamento ou até você pedir a remoção.</li>
          <li>Registros de acesso: 6 meses; documentos fiscais: pelo prazo da lei.</li>
        </ul>
      </section>
      <section>
        <h2>6. Seus direitos</h2>
        <p>
          Você pode, a qualquer momento: confirmar se tratamos seus dados, acessá-los, corrigi-los,
          pedir a portabilidade, a anonimização ou a exclusão, saber com quem os compartilhamos e
          revogar o consentimento. Você também pode reclamar à Autoridade Nacional de Proteção de
          Dados (ANPD).
        </p>
        <p>
          <strong>Sem precisar escrever a ninguém</strong>, no seu painel: “Baixar meus dados” baixa
          um arquivo com tudo o que guardamos sobre você (veja a seção 9), e “Excluir minha conta”
          apaga a conta, o perfil, os lançamentos, o vínculo com o WhatsApp e as mensagens, cancela
          na hora qualquer assinatura e confirma por e-mail. Depois, o mesmo e-mail pode criar uma
          conta nova.
        </p>
        <p>
          <strong>Para qualquer outro pedido</strong>, escreva para{' '}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> a partir do e-mail cadastrado.
          Respondemos em até 15 dias.
        </p>
      </section>
      <section>
        <h2>7. Segurança</h2>
        <p>
          Usamos conexão criptografada (HTTPS), senhas guardadas com hash, acesso restrito aos dados
          e cópias de segurança. Se houver um incidente que traga risco a você, avisaremos você e a
          ANPD.
        </p>
      </section>
      <section>
        <h2>8. Cookies</h2>
        <p>
          Usamos apenas cookies essenciais, para manter você conectado. Não usamos cookies de
          publicidade.
        </p>
      </section>
      <DataExportFields />
    </LegalLayout>
  )
}
