/** LGPD self-service on the dashboard: download my data, delete my account. */
export { PrivacyCard } from './components/privacy-card'
