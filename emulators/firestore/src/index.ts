export { start, type StartOptions, type RunningEmulator } from './server.ts';
export { createBackend, type Backend, type ExportedData } from './core/index.ts';
export * from './backend.ts';
