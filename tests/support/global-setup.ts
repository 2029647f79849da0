import type { TestProject } from 'vitest/node';
import { startTestStack } from './test-stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    firestoreHost: string;
    authHost: string;
    stripeUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stack = await startTestStack();
  project.provide('siteUrl', stack.siteUrl);
  project.provide('firestoreHost', stack.env.FIRESTORE_EMULATOR_HOST!);
  project.provide('authHost', stack.env.FIREBASE_AUTH_EMULATOR_HOST!);
  project.provide('stripeUrl', stack.env.STRIPE_DOUBLE_URL!);
  return () => stack.stop();
}
