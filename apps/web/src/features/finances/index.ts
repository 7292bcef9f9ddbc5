/** The finances feature's public face beyond /financas: the dashboard's money. */
export { FinanceHome } from './components/finance-home'
