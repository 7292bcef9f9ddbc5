/**
 * /privacidade, 'O que vem no arquivo': GET /api/me/export field by field
 * (apps/server/src/privacy/data-export.ts). Keep the two in step.
 */
const SECTIONS: Array<{ name: string; what: string; fields: Array<[string, string]> }> = [
  {
    name: 'format, generated_at',
    what: 'A versão do formato do arquivo (equilibrai.export.v1) e quando ele foi gerado.',
    fields: [],
  },
  {
    name: 'account',
    what: 'Sua conta de acesso.',
    fields: [
      ['id', 'identificador interno da conta'],
      ['name, email', 'nome e e-mail cadastrados'],
      ['email_verified', 'se o e-mail foi confirmado'],
      ['image', 'foto do perfil trazida do Google ou GitHub, se houver'],
      ['role, banned', 'papel (usuário ou administrador) e se a conta está suspensa'],
      ['created_at, updated_at', 'quando a conta foi criada e alterada'],
    ],
  },
  {
    name: 'login_methods',
    what: 'Como você entra: senha (credential), Google ou GitHub. Nunca a senha nem tokens.',
    fields: [
      ['provider, provider_account_id', 'o método e o seu identificador nele'],
      ['scope', 'permissões concedidas pelo Google ou GitHub'],
      ['created_at, updated_at', 'quando o método foi ligado e alterado'],
    ],
  },
  {
    name: 'sessions',
    what: 'Suas sessões abertas (sem o código secreto da sessão).',
    fields: [
      ['created_at, expires_at', 'quando começou e quando expira'],
      ['ip_address, user_agent', 'endereço IP e navegador de onde você entrou'],
    ],
  },
  {
    name: 'profile',
    what: 'Seu perfil: id, name, email, phone (telefone), created_at e updated_at.',
    fields: [],
  },
  {
    name: 'subscription',
    what: 'Sua assinatura.',
    fields: [
      ['plan_type, plan_name', 'o plano'],
      ['subscription_status, current_period_end', 'situação e fim do período pago'],
      ['monthly_transactions, counter_month', 'lançamentos contados no mês (limite do plano)'],
      ['stripe_customer_id, stripe_subscription_id', 'seus identificadores na Stripe'],
    ],
  },
  {
    name: 'ledger',
    what: 'Seu caderno de lançamentos: id e created_at.',
    fields: [],
  },
  {
    name: 'whatsapp',
    what: 'O WhatsApp vinculado.',
    fields: [
      ['link', 'número (wa_id, phone_key) e quando foi vinculado'],
      [
        'messages_received',
        'mensagens que você enviou (conteúdo em payload, datas e situação do processamento)',
      ],
      ['messages_sent', 'respostas que enviamos (conteúdo em payload, datas de envio e leitura)'],
    ],
  },
  {
    name: 'waitlist',
    what: 'Sua inscrição na Lista VIP com o mesmo e-mail: nome, WhatsApp, e-mail e data.',
    fields: [],
  },
  {
    name: 'records',
    what: 'Todo o resto guardado sobre você ou no seu caderno, por tabela, com as colunas como estão no banco. Por exemplo:',
    fields: [
      [
        'transactions',
        'lançamentos: type, amount_cents (centavos), description, category, occurred_on, source, created_by, created_at',
      ],
      ['ledger_month_totals', 'totais do mês por categoria, usados no resumo'],
      [
        'learned_category_words',
        'palavras que o assistente aprendeu a ligar às suas categorias: word, category e, quando for uma categoria própria, custom_category_id',
      ],
      ['bills', 'contas a pagar: descrição, valor, vencimento, recorrência, pagamento'],
      ['assistant_state, assistant_replies', 'o ponto da conversa com o assistente'],
      [
        'outras tabelas',
        'orçamentos, recorrências, alertas, preferências de aviso, equipe, chaves de API e o que mais existir: aparecem aqui com o nome da tabela',
      ],
    ],
  },
]

export function DataExportFields() {
  return (
    <section>
      <h2>9. O que vem no arquivo “Baixar meus dados”</h2>
      <p>
        Um arquivo JSON com tudo o que guardamos sobre você. Valores em dinheiro estão em centavos e
        datas no formato internacional (AAAA-MM-DD). Senhas, códigos de sessão e chaves secretas
        nunca vão no arquivo.
      </p>
      <dl>
        {SECTIONS.map((section) => (
          <div key={section.name}>
            <dt>
              <code>{section.name}</code>
            </dt>
            <dd>
              {section.what}
              {section.fields.length > 0 && (
                <ul>
                  {section.fields.map(([field, meaning]) => (
                    <li key={field}>
                      <code>{field}</code>: {meaning}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
