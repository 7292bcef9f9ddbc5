// Entry of a PDF worker thread (pdf-renderer.ts): worker threads do not inherit the main
// thread's `--import tsx`, so TypeScript loading is registered here, then the worker proper runs.
import { register } from 'tsx/esm/api'

register()
await import('./pdf-render.worker.ts')
