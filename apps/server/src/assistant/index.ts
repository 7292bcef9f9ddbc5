export { processInboundJob } from './inbound-job.ts'
export { processInbound } from './processor.ts'
export { postSimulatorMessage, waitForReply } from './simulator.ts'
export { whatsappSimulatorRoutes } from './whatsapp-simulator.routes.ts'
