import {
  categoryListSchema,
  customCategoryCreateSchema,
  customCategoryExample,
  customCategoryPatchSchema,
  customCategorySchema,
} from '@equilibrai/shared'
import { apiDoc } from '../../platform/index.ts'

const tag = 'Categorias'
const id = { id: 'Id da categoria própria' }

/** OpenAPI for /api/v1/categories, from the schemas the handlers validate with. */
export const customCategoryDocs = {
  list: apiDoc({
    tag,
    summary: 'Lista as categorias padrão e as próprias',
    description:
      'As padrão (`defaults`) não mudam; as próprias (`custom`) ficam dentro de uma padrão, que dá o tipo e é onde contam nos relatórios, orçamentos e alertas.',
    response: {
      schema: categoryListSchema,
      example: {
        defaults: [{ category: 'pets', name: 'Pets', type: 'expense' }],
        custom: [customCategoryExample],
      },
    },
  }),
  create: apiDoc({
    tag,
    summary: 'Cria uma categoria própria',
    description:
      'Sem `category`, fica em Outros (ou Outras receitas com `type: "income"`). Nomes são únicos sem diferenciar maiúsculas e não repetem os das padrão: 409 CATEGORY_NAME_TAKEN.',
    body: customCategoryCreateSchema,
    bodyExample: { name: 'Cachorro', emoji: '🐶', category: 'pets' },
    errors: [409],
    response: {
      status: 201,
      schema: customCategorySchema,
      example: { ...customCategoryExample, entries: 0 },
    },
  }),
  update: apiDoc({
    tag,
    summary: 'Renomeia ou troca o emoji',
    params: id,
    body: customCategoryPatchSchema,
    bodyExample: { name: 'Cachorros', emoji: '🐕' },
    errors: [404, 409],
    response: { schema: customCategorySchema, example: customCategoryExample },
  }),
  remove: apiDoc({
    tag,
    summary: 'Apaga uma categoria própria',
    description:
      'Os lançamentos dela continuam, na categoria padrão em que ela estava (`custom_category` passa a null).',
    params: id,
    errors: [404],
    response: { status: 204, description: 'Apagada' },
  }),
}
