export { changeBill } from './bill-payments.ts'
export { sendDueBillReminders } from './bill-reminders.ts'
export { insertBill, listBills, unpaidBills } from './bills.queries.ts'
export { billsRoutes } from './bills.routes.ts'
