/** The ledger's categories (ARCHITECTURE §7). Slugs are stored; labels are shown. */
export const EXPENSE_CATEGORIES = {
  alimentacao: 'Alimentação',
  mercado: 'Mercado',
  transporte: 'Transporte',
  moradia: 'Moradia',
  contas_casa: 'Contas da casa',
  saude: 'Saúde',
  educacao: 'Educação',
  lazer: 'Lazer',
  assinaturas: 'Assinaturas',
  compras: 'Compras',
  cuidados_pessoais: 'Cuidados pessoais',
  pets: 'Pets',
  impostos: 'Impostos',
  negocio: 'Negócio',
  outros: 'Outros',
} as const

export const INCOME_CATEGORIES = {
  salario: 'Salário',
  vendas: 'Vendas',
  servicos: 'Serviços',
  investimentos: 'Investimentos',
  outras_receitas: 'Outras receitas',
} as const

export type ExpenseCategory = keyof typeof EXPENSE_CATEGORIES
export type IncomeCategory = keyof typeof INCOME_CATEGORIES
export type Category = ExpenseCategory | IncomeCategory
export type EntryType = 'expense' | 'income'

export const CATEGORY_LABELS: Record<Category, string> = {
  ...EXPENSE_CATEGORIES,
  ...INCOME_CATEGORIES,
}

export const CATEGORIES = Object.keys(CATEGORY_LABELS) as Category[]

export function categoryType(category: Category): EntryType {
  return category in INCOME_CATEGORIES ? 'income' : 'expense'
}

export function isCategory(value: string): value is Category {
  return Object.hasOwn(CATEGORY_LABELS, value)
}

/** The catch-all category of each type. */
export const FALLBACK_CATEGORY: Record<EntryType, Category> = {
  expense: 'outros',
  income: 'outras_receitas',
}
