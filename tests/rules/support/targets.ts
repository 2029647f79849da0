/** The emulators a rules test runs against, as the global setup provides them. */
import { inject } from 'vitest';

export interface RulesTarget {
  name: 'ours' | 'google';
  host: string;
  port: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    rulesTargets: RulesTarget[];
  }
}

export function rulesTargets(): RulesTarget[] {
  return inject('rulesTargets');
}
