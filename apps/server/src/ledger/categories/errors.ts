import { MAX_CUSTOM_CATEGORIES } from '@equilibrai/shared'
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/index.ts'

/** A category that is not one of this ledger's (another person's answers the same: 404). */
export class CustomCategoryNotFoundError extends NotFoundError {
  constructor() {
    super('Categoria não encontrada.')
  }
}

export class CustomCategoryNameTakenError extends ConflictError {
  constructor() {
    super('Já existe uma categoria com esse nome.', 'CATEGORY_NAME_TAKEN')
  }
}

export class TooManyCustomCategoriesError extends ConflictError {
  constructor() {
    super(
      `Você já tem ${MAX_CUSTOM_CATEGORIES} categorias próprias. Apague uma para criar outra.`,
      'TOO_MANY_CATEGORIES',
    )
  }
}

/** An entry names a custom category that is not this ledger's, or of the other type. */
export class EntryCustomCategoryError extends BadRequestError {
  constructor(message = 'Categoria inválida') {
    super(message, 'VALIDATION_ERROR')
  }
}
