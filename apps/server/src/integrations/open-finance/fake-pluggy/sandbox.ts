/*
 * The fake aggregator's sandbox bank (ARCHITECTURE §11): what a newcomer connects in the demo
 * mode and what the tests read. Shapes follow pluggy-sdk's types (Connector, Item, Account,
 * Transaction), only the fields this app reads and a few neighbours.
 */

export const SANDBOX_USER = 'user-ok'
export const SANDBOX_PASSWORD = 'password-ok'
export const SANDBOX_MFA_CODE = '123456'

const credentials = [
  { name: 'user', label: 'Usuário', type: 'text', validation: null },
  { name: 'password', label: 'Senha', type: 'password', validation: null },
]

export type FakeConnector = {
  id: number
  name: string
  institutionUrl: string
  type: 'PERSONAL_BANK'
  country: 'BR'
  credentials: typeof credentials
  isSandbox: true
  /** Asks for a code (WAITING_USER_INPUT) before it connects. */
  mfa: boolean
}

export const SANDBOX_CONNECTORS: FakeConnector[] = [
  {
    id: 2,
    name: 'Pluggy Bank (sandbox)',
    institutionUrl: 'https://pluggy.ai',
    type: 'PERSONAL_BANK',
    country: 'BR',
    credentials,
    isSandbox: true,
    mfa: false,
  },
  {
    id: 3,
    name: 'Pluggy Bank MFA (sandbox)',
    institutionUrl: 'https://pluggy.ai',
    type: 'PERSONAL_BANK',
    country: 'BR',
    credentials,
    isSandbox: true,
    mfa: true,
  },
]

export type FakeTransaction = {
  id: string
  accountId: string
  /** ISO timestamp as Pluggy sends it (midnight UTC of the calendar day). */
  date: string
  description: string
  descriptionRaw: string | null
  type: 'DEBIT' | 'CREDIT'
  amount: number
  balance: number | null
  currencyCode: 'BRL'
  category: string | null
  categoryId: string | null
  status: 'PENDING' | 'POSTED'
  creditCardMetadata: { installmentNumber?: number; totalInstallments?: number } | null
  operationType: string | null
  createdAt: string
  updatedAt: string
}

export type FakeAccount = {
  id: string
  itemId: string
  type: 'BANK' | 'CREDIT'
  subtype: 'CHECKING_ACCOUNT' | 'SAVINGS_ACCOUNT' | 'CREDIT_CARD'
  number: string
  name: string
  marketingName: string | null
  balance: number
  currencyCode: 'BRL'
  owner: string | null
  taxNumber: string | null
  bankData: { transferNumber: string | null; closingBalance: number | null } | null
  creditData: {
    level: string | null
    brand: string | null
    balanceCloseDate: string | null
    balanceDueDate: string | null
    availableCreditLimit: number | null
    creditLimit: number | null
    minimumPayment: number | null
    balanceForeignCurrency: number | null
    isLimitFlexible: boolean | null
    status: 'ACTIVE' | null
  } | null
}

const DAY = 86_400_000
/** Midnight UTC of the day `days` before `now`'s UTC day: how Pluggy dates a transaction. */
export const dayIso = (now: Date, days: number) =>
  new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY,
  ).toISOString()

/** A card's closing/due date in this or next month, as Pluggy sends it (midnight UTC). */
function monthDay(now: Date, day: number, nextMonth: boolean) {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (nextMonth ? 1 : 0), day),
  ).toISOString()
}

/** The sandbox's checking account and card, with a few months of movement. */
export function sandboxAccounts(itemId: string, now: Date, nextId: () => string) {
  const checking: FakeAccount = {
    id: nextId(),
    itemId,
    type: 'BANK',
    subtype: 'CHECKING_ACCOUNT',
    number: '0001/12345-0',
    name: 'Conta Corrente Pluggy',
    marketingName: 'Conta Corrente Pluggy',
    balance: 2450.75,
    currencyCode: 'BRL',
    owner: 'Pessoa Sandbox',
    taxNumber: null,
    bankData: { transferNumber: '0001/12345-0', closingBalance: 2450.75 },
    creditData: null,
  }
  const card: FakeAccount = {
    id: nextId(),
    itemId,
    type: 'CREDIT',
    subtype: 'CREDIT_CARD',
    number: '4321',
    name: 'Cartão Pluggy Platinum',
    marketingName: 'Cartão Pluggy Platinum',
    balance: 612.4,
    currencyCode: 'BRL',
    owner: 'Pessoa Sandbox',
    taxNumber: null,
    bankData: null,
    creditData: {
      level: 'PLATINUM',
      brand: 'MASTERCARD',
      balanceCloseDate: monthDay(now, 5, true),
      balanceDueDate: monthDay(now, 12, true),
      availableCreditLimit: 4387.6,
      creditLimit: 5000,
      minimumPayment: 61.24,
      balanceForeignCurrency: null,
      isLimitFlexible: false,
      status: 'ACTIVE',
    },
  }
  return { checking, card }
}

type Seed = Omit<
  FakeTransaction,
  | 'id'
  | 'accountId'
  | 'createdAt'
  | 'updatedAt'
  | 'currencyCode'
  | 'descriptionRaw'
  | 'balance'
  | 'operationType'
  | 'categoryId'
  | 'creditCardMetadata'
  | 'status'
> &
  Partial<Pick<FakeTransaction, 'categoryId' | 'creditCardMetadata' | 'status' | 'operationType'>>

/** The sandbox's movement: salary, Pix, bills, card purchases, an installment, a refund. */
export function sandboxTransactions(now: Date): { checking: Seed[]; card: Seed[] } {
  const d = (days: number) => dayIso(now, days)
  return {
    checking: [
      {
        date: d(75),
        description: 'SALARIO EMPRESA SANDBOX LTDA',
        type: 'CREDIT',
        amount: 5200,
        category: 'Salary',
      },
      {
        date: d(70),
        description: 'PIX ENVIADO ALUGUEL',
        type: 'DEBIT',
        amount: -1800,
        category: 'Rent',
      },
      {
        date: d(45),
        description: 'SALARIO EMPRESA SANDBOX LTDA',
        type: 'CREDIT',
        amount: 5200,
        category: 'Salary',
      },
      {
        date: d(40),
        description: 'CONTA DE LUZ ENEL',
        type: 'DEBIT',
        amount: -187.35,
        category: 'Electricity',
      },
      {
        date: d(38),
        description: 'PAGAMENTO FATURA CARTAO',
        type: 'DEBIT',
        amount: -950.2,
        category: 'Credit card payment',
        categoryId: '05100000',
      },
      {
        date: d(15),
        description: 'SALARIO EMPRESA SANDBOX LTDA',
        type: 'CREDIT',
        amount: 5200,
        category: 'Salary',
      },
      {
        date: d(12),
        description: 'PIX RECEBIDO JOAO SILVA',
        type: 'CREDIT',
        amount: 150,
        category: 'Transfer - PIX',
      },
      {
        date: d(3),
        description: 'SUPERMERCADO PAO DE ACUCAR',
        type: 'DEBIT',
        amount: -243.9,
        category: 'Groceries',
      },
      {
        date: d(0),
        description: 'PIX ENVIADO PADARIA',
        type: 'DEBIT',
        amount: -18.5,
        category: 'Food',
        status: 'PENDING',
      },
    ],
    card: [
      {
        date: d(50),
        description: 'NETFLIX.COM',
        type: 'DEBIT',
        amount: 55.9,
        category: 'Video streaming',
      },
      {
        date: d(42),
        description: 'Pagamento recebido',
        type: 'CREDIT',
        amount: 950.2,
        category: 'Credit card payment',
        categoryId: '05100000',
      },
      {
        date: d(30),
        description: 'MAGAZINE LUIZA PARCELA 1/3',
        type: 'DEBIT',
        amount: 200,
        category: 'Shopping',
        creditCardMetadata: { installmentNumber: 1, totalInstallments: 3 },
      },
      {
        date: d(20),
        description: 'UBER TRIP',
        type: 'DEBIT',
        amount: 32.4,
        category: 'Taxi and ride-hailing',
      },
      {
        date: d(18),
        description: 'ESTORNO LOJA ONLINE',
        type: 'CREDIT',
        amount: 79.9,
        category: 'Shopping',
      },
      {
        date: d(8),
        description: 'DROGASIL 123',
        type: 'DEBIT',
        amount: 89.9,
        category: 'Pharmacy',
      },
      {
        date: d(1),
        description: 'IFOOD RESTAURANTE',
        type: 'DEBIT',
        amount: 64.5,
        category: 'Food delivery',
      },
    ],
  }
}
