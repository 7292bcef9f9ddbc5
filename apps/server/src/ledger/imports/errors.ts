import { AppError } from '../../platform/index.ts'

/** A file that is not text (an image, a PDF, a zip): 415. */
export class UnsupportedFileError extends AppError {
  constructor() {
    super(415, 'UNSUPPORTED_FILE', 'Envie o extrato em OFX ou CSV (este arquivo não é de texto).')
  }
}

export class EmptyFileError extends AppError {
  constructor() {
    super(400, 'EMPTY_FILE', 'O arquivo está vazio.')
  }
}

/** Text we cannot read as a statement (garbage, truncated, no rows): 422. */
export class UnreadableStatementError extends AppError {
  constructor(detail = 'Não reconhecemos este arquivo como um extrato OFX ou CSV.') {
    super(422, 'STATEMENT_UNREADABLE', detail)
  }
}

/** Another bank's CSV with no mapping yet: the person picks the columns first. */
export class MappingRequiredError extends AppError {
  constructor() {
    super(
      422,
      'MAPPING_REQUIRED',
      'Não conhecemos as colunas deste CSV. Diga qual coluna tem a data, a descrição e o valor.',
    )
  }
}

export class FileTooLargeError extends AppError {
  constructor() {
    super(413, 'FILE_TOO_LARGE', 'O arquivo passa de 10 MB. Envie um período menor do extrato.', {
      Connection: 'close',
    })
  }
}

export class ImportNotFoundError extends AppError {
  constructor() {
    super(404, 'NOT_FOUND', 'Importação não encontrada.')
  }
}

export class ImportItemNotMatchedError extends AppError {
  constructor() {
    super(409, 'NOT_MATCHED', 'Esta linha não está ligada a um lançamento.')
  }
}
