/**
 * A domain rule written as a function (`Validation<T>`) used as a route's schema, so every route
 * validates the one way, through zod, with the rule's own message. `Input` is what callers
 * send: the type the contract promises them, however loosely the rule reads it.
 */
import * as z from 'zod/mini';
import type { Validation } from '../validation';

// No effect but its answer: a schema no kept code uses is left out of a bundle.
/* @__NO_SIDE_EFFECTS__ */
export function validated<Input, Output>(
  rule: (input: unknown) => Validation<Output>,
): z.core.$ZodType<Output, Input> {
  const schema = z.pipe(
    z.unknown(),
    z.transform((input: unknown, context) => {
      const outcome = rule(input);
      if (outcome.ok) return outcome.value;
      context.issues.push({ code: 'custom', message: outcome.error, input });
      return z.NEVER;
    }),
  );
  return schema as unknown as z.core.$ZodType<Output, Input>;
}
