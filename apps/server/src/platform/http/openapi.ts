import type { FeatureKey } from '@equilibrai/shared'
import type { MiddlewareHandler } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import { z } from 'zod'

/*
 * Documenting an /api/v1 route is one call next to it (ADR 016):
 *
 *   .get('/v1/transactions', apiDoc({ summary: 'Lista lançamentos', tag: 'Lançamentos',
 *        query: transactionListQuerySchema,
 *        response: { schema: transactionPageSchema, example: transactionPageExample } }), h.list)
 *
 * with the same zod schemas the handler validates with (parseBody / parseQuery), and the answer's
 * contract from packages/shared (its type, its example and the tests' response check come from
 * the same schema; the example must be of its type). hono-openapi
 * collects the calls from the app's routes and builds the OpenAPI 3.1 document served at
 * /api/v1/openapi.json (routes/public-api-docs). The error answers, the auth schemes, rate-limit
 * headers and Idempotency-Key are added here the same way for every route, and a test fails
 * when an /api/v1 route registered in the app has no apiDoc.
 */

export type ApiDoc<Response extends z.ZodType = z.ZodType> = {
  summary: string
  description?: string
  tag: string
  /** The JSON body, validated by the handler with this same schema. */
  body?: z.ZodType
  bodyExample?: unknown
  /** The query string, validated by the handler with this same schema (a z.object). */
  query?: z.ZodObject
  /**
   * Path parameters: name → description (a positive integer id), or → {description, pattern,
   * example} for other shapes (a category slug).
   */
  params?: Record<string, string | { description: string; pattern: string; example: string }>
  response: {
    status?: 200 | 201 | 202 | 204
    description?: string
    /** The answer's contract (packages/shared): a named component when it has a meta id. */
    schema?: Response
    /** Of the contract's type; any text for a CSV or a PDF. */
    example?: z.output<Response>
    /** Not JSON (a CSV, a PDF): its media type. */
    mediaType?: string
  }
  /** Error answers beyond the usual (400, 401, 403, 429), e.g. 404, 409, 422. */
  errors?: number[]
  /** A POST without a body (it still accepts Idempotency-Key). */
  post?: boolean
  /** The plan feature this route needs besides acesso_api, named in its description. */
  feature?: FeatureKey
}

const ERROR_RESPONSES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  422: 'Unprocessable',
  429: 'RateLimited',
}

export function apiDoc<Response extends z.ZodType>(doc: ApiDoc<Response>): MiddlewareHandler {
  const status = doc.response.status ?? 200
  const isPost = doc.post === true || doc.body !== undefined || status === 201
  const errors = [...new Set([400, 401, 403, 429, ...(doc.errors ?? [])])].sort()
  const parameters = [
    ...Object.entries(doc.params ?? {}).map(([name, param]) => {
      const { description, pattern, example } =
        typeof param === 'string'
          ? { description: param, pattern: '^[1-9][0-9]*$', example: '42' }
          : param
      return {
        name,
        in: 'path' as const,
        required: true,
        description,
        schema: { type: 'string' as const, pattern },
        example,
      }
    }),
    ...(doc.query ? queryParameters(doc.query) : []),
    ...(isPost ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ]
  const description = [
    doc.description,
    doc.feature ? `Requer o recurso \`${doc.feature}\` no plano do titular da conta.` : undefined,
  ]
    .filter(Boolean)
    .join('\n\n')
  return describeRoute({
    summary: doc.summary,
    ...(description ? { description } : {}),
    tags: [doc.tag],
    ...(parameters.length ? { parameters: parameters as never } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: resolver(doc.body, { io: 'input' }) as never,
                ...(doc.bodyExample === undefined ? {} : { example: doc.bodyExample }),
              },
            },
          },
        }
      : {}),
    responses: {
      [status]: {
        description: doc.response.description ?? 'Sucesso',
        ...(status === 204
          ? {}
          : {
              content: {
                [doc.response.mediaType ?? 'application/json']: {
                  ...(doc.response.schema
                    ? { schema: resolver(doc.response.schema, { io: 'output' }) as never }
                    : { schema: { type: 'string' } }),
                  ...(doc.response.example === undefined ? {} : { example: doc.response.example }),
                },
              },
            }),
        headers: {
          'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
          'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
          'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
        },
      },
      ...Object.fromEntries(
        errors.map((code) => [
          code,
          { $ref: `#/components/responses/${ERROR_RESPONSES[code] ?? 'BadRequest'}` },
        ]),
      ),
    },
  })
}

/** One OpenAPI parameter per field of the query schema, with the field's own JSON Schema. */
function queryParameters(schema: z.ZodObject) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, Record<string, unknown>>
    required?: string[]
  }
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: 'query' as const,
      required: json.required?.includes(name) ?? false,
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    }
  })
}

const errorBodySchema = z.object({
  error: z.object({
    code: z.string().meta({ description: 'Código estável, para programas' }),
    message: z.string().meta({ description: 'Mensagem em português, para pessoas' }),
  }),
})

function errorResponse(description: string, code: string, message: string, headers = {}) {
  return {
    description,
    headers,
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/Error' },
        example: { error: { code, message } },
      },
    },
  }
}

/** The document's shared parts: info, servers, auth schemes, error answers, headers. */
export function openApiDocumentation(publicUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'API do Equilibraí',
      version: '1.0.0',
      description: [
        'A API pública do Equilibraí (plano Empresas 15, recurso `acesso_api`): os mesmos',
        'lançamentos do WhatsApp e do site. Valores em centavos (inteiros), datas `AAAA-MM-DD`,',
        'meses `AAAA-MM`, no fuso de São Paulo.',
        '',
        'Autentique com `Authorization: Bearer eqk_…` (crie a chave em /integracoes).',
        'Limite: 120 requisições por minuto por chave (cabeçalhos RateLimit-* do',
        'draft-ietf-httpapi-ratelimit-headers-06; 429 com Retry-After). POSTs aceitam',
        '`Idempotency-Key`: a mesma chave com o mesmo corpo devolve a mesma resposta por 24 h.',
      ].join('\n'),
    },
    servers: [{ url: publicUrl }],
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    tags: [
      { name: 'Lançamentos', description: 'Receitas e despesas da conta' },
      {
        name: 'Contas e cartões',
        description: 'Contas, cartões de crédito e suas faturas, transferências entre contas',
      },
      { name: 'Resumo', description: 'Totais do mês e uso do plano' },
      { name: 'Notificações', description: 'Quais avisos a pessoa recebe' },
      { name: 'Contas', description: 'Contas a pagar e seus lembretes' },
      { name: 'Recorrentes', description: 'Lançamentos feitos todo mês no seu dia' },
      { name: 'Orçamentos', description: 'Limites por categoria e alertas' },
      { name: 'Webhooks', description: 'Endpoints que recebem eventos assinados' },
      { name: 'Documentação', description: 'Este documento' },
    ],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'Chave de API `eqk_…`, criada em /integracoes (mostrada uma única vez).',
        },
        cookieAuth: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: 'better-auth.session_token',
          description: 'A sessão do site (para o próprio app web).',
        },
      },
      schemas: {
        Error: z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' }) as never,
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header' as const,
          required: false,
          description:
            'Até 255 caracteres visíveis. Repetir o POST com a mesma chave e o mesmo corpo devolve a resposta guardada (24 h), sem criar nada de novo; com outro corpo, 422.',
          schema: { type: 'string' as const, maxLength: 255 },
          example: 'pedido-4711',
        },
      },
      headers: {
        'RateLimit-Limit': {
          description: 'Requisições permitidas por janela (120).',
          schema: { type: 'integer' as const },
        },
        'RateLimit-Remaining': {
          description: 'Requisições que ainda cabem na janela atual.',
          schema: { type: 'integer' as const },
        },
        'RateLimit-Reset': {
          description: 'Segundos até a janela recomeçar.',
          schema: { type: 'integer' as const },
        },
        'Retry-After': {
          description: 'Segundos a esperar antes de tentar de novo.',
          schema: { type: 'integer' as const },
        },
      },
      responses: {
        BadRequest: errorResponse('Entrada inválida', 'VALIDATION_ERROR', 'Data inválida'),
        Unauthorized: errorResponse(
          'Sem sessão, ou chave de API desconhecida ou revogada',
          'UNAUTHORIZED',
          'Chave de API inválida ou revogada.',
        ),
        Forbidden: errorResponse(
          'O plano do titular não inclui o recurso (FEATURE_NOT_IN_PLAN) ou o limite do mês acabou',
          'FEATURE_NOT_IN_PLAN',
          'O acesso à API não faz parte do seu plano. Disponível a partir do plano Empresas 15.',
        ),
        NotFound: errorResponse(
          'Não existe, ou não é da conta de quem chama',
          'NOT_FOUND',
          'Recurso não encontrado.',
        ),
        Conflict: errorResponse(
          'Uma requisição com a mesma Idempotency-Key ainda está em andamento',
          'IDEMPOTENCY_IN_PROGRESS',
          'Uma requisição com esta Idempotency-Key ainda está em andamento.',
        ),
        Unprocessable: errorResponse(
          'Idempotency-Key já usada com outro corpo',
          'IDEMPOTENCY_KEY_REUSED',
          'Esta Idempotency-Key já foi usada com outro conteúdo. Use uma chave nova para outra requisição.',
        ),
        RateLimited: errorResponse(
          'Mais de 120 requisições no minuto com esta chave',
          'RATE_LIMITED',
          'Limite de requisições da chave de API atingido. Aguarde e tente novamente.',
          {
            'Retry-After': { $ref: '#/components/headers/Retry-After' },
            'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
            'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
            'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
          },
        ),
      },
    },
  }
}
