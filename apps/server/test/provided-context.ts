/** What the test run's global setup hands every test file (see global-setup.ts). */
declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}

export {}
