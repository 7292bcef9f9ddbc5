/** The team feature's public face beyond /equipe: the dashboard's card for a team member. */
export { useTeam } from './api/get-team'
export { MembershipCard } from './components/membership-card'
