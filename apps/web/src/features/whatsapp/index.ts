/** The WhatsApp feature's public face: the dashboard's card. */
export { WhatsAppCard } from './components/whatsapp-card'
