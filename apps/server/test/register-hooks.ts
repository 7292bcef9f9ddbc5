import { registerHooks } from '../src/app/hooks.ts'

// Tests that write entries straight through the ledger, without a server, get the same
// hooks a running server has (app/hooks.ts).
registerHooks()
