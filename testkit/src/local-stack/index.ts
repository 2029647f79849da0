export { PROJECT_ID, ROOT, localSecrets } from './project.ts';
export { DEFAULT_PORTS, type StackPorts } from './stack-ports.ts';
export { stackEnv, startStack, type Stack, type StackOptions } from './start.ts';
export { webBuildEnv } from './web-build-env.ts';
export { provideSeedAuth, readSeed, reseedAuth, seedStack, type Seed } from './seed.ts';
