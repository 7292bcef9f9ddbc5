/** The accounts feature's public face beyond /contas: the dashboard's balances card. */
export { BalancesCard } from './components/balances-card'
