import { startTestStack } from './test-stack.ts';

export default async function globalSetup() {
  const stack = await startTestStack();
  process.env.TEST_FIRESTORE_HOST = stack.env.FIRESTORE_EMULATOR_HOST;
  return async () => {
    await stack.stop();
  };
}
