import type { StackPorts } from '@parroquia/testkit/local-stack';
import type { TestProject } from 'vitest/node';
import { suiteStack } from '@parroquia/testkit/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    firestoreHost: string;
    authHost: string;
    stripeUrl: string;
    stackPorts: StackPorts;
  }
}

export default async function setup(project: TestProject) {
  const stack = await suiteStack();
  project.provide('siteUrl', stack.siteUrl);
  project.provide('firestoreHost', stack.env.FIRESTORE_EMULATOR_HOST!);
  project.provide('authHost', stack.env.FIREBASE_AUTH_EMULATOR_HOST!);
  project.provide('stripeUrl', stack.env.STRIPE_DOUBLE_URL!);
  project.provide('stackPorts', stack.ports);
  return () => stack.stop();
}
