import { suiteStack } from '@parroquia/testkit/stack';

export default async function globalSetup() {
  const stack = await suiteStack();
  process.env.TEST_FIRESTORE_HOST = stack.env.FIRESTORE_EMULATOR_HOST;
  process.env.TEST_AUTH_HOST = stack.env.FIREBASE_AUTH_EMULATOR_HOST;
  return async () => {
    await stack.stop();
  };
}
