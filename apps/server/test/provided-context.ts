/** What the test run's global setup hands every test file (see global-setup.ts). */
declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
    /** The run's embedded PostgreSQL directory (DATA_DIR layout: postgres.log inside). */
    pgDataDir: string
  }
}

export {}
