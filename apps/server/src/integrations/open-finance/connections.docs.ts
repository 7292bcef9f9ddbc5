import {
  type Connection,
  connectionListSchema,
  connectionMfaSchema,
  connectionSchema,
  connectorListSchema,
  connectTokenRequestSchema,
  connectTokenSchema,
  createConnectionSchema,
} from '@equilibrai/shared'
import { z } from 'zod'
import { apiDoc } from '../../platform/index.ts'

const tag = 'Open Finance'
const id = { id: 'Id da conexão' }
const paid = 'Só nos planos pagos (preço acima de zero): no Gratuito, 403 FEATURE_NOT_IN_PLAN.'

const example: Connection = {
  id: 3,
  institution: 'Pluggy Bank (sandbox)',
  status: 'ok',
  last_synced_at: '2026-03-10T12:00:00.000Z',
  error: null,
  mfa: null,
  consent_expires_at: '2027-03-01T09:30:00.000Z',
  created_at: '2026-03-01T09:30:00.000Z',
}

/** OpenAPI for /api/v1/connections (ARCHITECTURE §11). */
export const connectionDocs = {
  list: apiDoc({
    tag,
    summary: 'Lista as conexões bancárias',
    description:
      'Estado de cada uma: `syncing`, `ok`, `login_error`, `needs_action` (código de segurança ou autorização), `outdated`; e a hora da última sincronização. Para todos os planos.',
    response: { schema: connectionListSchema, example: { data: [example] } },
  }),
  connectors: apiDoc({
    tag,
    summary: 'Bancos que podem ser conectados informando usuário e senha (demonstração)',
    description:
      'Só no modo de demonstração (sem PLUGGY_CLIENT_ID) ou com PLUGGY_BASE_URL (sem PLUGGY_WIDGET=on): o banco sandbox (usuário `user-ok`, senha `password-ok`, código `123456`), `mode: demo`. Em produção a lista é vazia e `mode: widget`: o widget do agregador conecta o banco (veja /connect-token).',
    response: {
      schema: connectorListSchema,
      example: {
        data: [
          {
            id: 2,
            name: 'Pluggy Bank (sandbox)',
            credentials: [
              { name: 'user', label: 'Usuário', type: 'text' },
              { name: 'password', label: 'Senha', type: 'password' },
            ],
            sandbox: true,
          },
        ],
        mode: 'demo',
      },
    },
  }),
  connectToken: apiDoc({
    tag,
    summary: 'Token para o widget de conexão do agregador',
    description: `Em produção (\`mode: widget\`) o navegador abre o Pluggy Connect com este token; a senha do banco vai do navegador direto ao agregador, nunca passa por aqui. Quando o widget termina, envie o item em POST /api/v1/connections \`{item_id}\` (ou, com \`connection_id\`, o widget atualiza aquele item — \`item_id\` na resposta, para o \`updateItem\` do widget —; depois chame /reconnect). O token vale por pouco tempo. ${paid}`,
    body: connectTokenRequestSchema,
    bodyExample: {},
    errors: [404],
    response: {
      schema: connectTokenSchema,
      example: { connect_token: 'eyJhbGciOi…', mode: 'widget', item_id: null },
    },
  }),
  create: apiDoc({
    tag,
    summary: 'Conecta um banco',
    description: `\`{item_id}\` (o item que o widget do agregador criou) ou, na demonstração, \`{connector_id, credentials}\`. Responde 201 na hora com \`status: syncing\`; senha errada vira \`login_error\` logo depois; um banco que pede código fica \`needs_action\` (envie em /mfa). A senha do banco nunca fica guardada aqui. ${paid}`,
    body: createConnectionSchema,
    bodyExample: { connector_id: 2, credentials: { user: 'user-ok', password: 'password-ok' } },
    errors: [409, 422],
    response: {
      status: 201,
      schema: connectionSchema,
      example: { ...example, status: 'syncing', last_synced_at: null },
    },
  }),
  mfa: apiDoc({
    tag,
    summary: 'Envia o código de segurança que o banco pediu',
    params: id,
    body: connectionMfaSchema,
    bodyExample: { code: '123456' },
    errors: [404, 409],
    response: { schema: connectionSchema, example: { ...example, status: 'syncing' } },
  }),
  reconnect: apiDoc({
    tag,
    summary: 'Reconecta (depois de senha errada ou autorização vencida)',
    description: `Corpo opcional \`{credentials}\` (demonstração). ${paid}`,
    params: id,
    body: z.object({ credentials: z.record(z.string(), z.string()).optional() }),
    bodyExample: { credentials: { user: 'user-ok', password: 'password-ok' } },
    errors: [404],
    response: { schema: connectionSchema, example: { ...example, status: 'syncing' } },
  }),
  sync: apiDoc({
    tag,
    summary: 'Sincroniza agora',
    description: `Pede ao agregador uma atualização e lê o que chegou, em segundo plano (202). ${paid}`,
    params: id,
    post: true,
    errors: [404],
    response: { status: 202, schema: connectionSchema, example: { ...example, status: 'syncing' } },
  }),
  remove: apiDoc({
    tag,
    summary: 'Desconecta o banco',
    description:
      'Apaga o item no agregador. `?delete_data=true` também apaga as contas, lançamentos e transferências que a conexão criou — nunca lançamentos que você digitou (mesmo os ligados a uma transação do banco).',
    params: id,
    query: z.object({ delete_data: z.enum(['true', 'false']).optional() }),
    errors: [404],
    response: { status: 204 },
  }),
}
