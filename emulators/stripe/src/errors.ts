/** Stripe's error answers: an HTTP status and `{ error: { type, message, param?, code? } }`. */
import type { StripeErrorBody } from './objects.ts';

export class DoubleError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /**
     * The parameters failed validation, before the endpoint began executing: Stripe saves no
     * answer for its `Idempotency-Key`, so a corrected retry with that key runs.
     */
    readonly failedValidation = false,
  ) {
    super(body.error.message);
  }
}

/** 400 `invalid_request_error`: the SDK raises `StripeInvalidRequestError`. */
export const invalidRequest = (message: string, param?: string, code?: string) =>
  new DoubleError(400, { error: { type: 'invalid_request_error', message, param, code } });

/** An `invalidRequest` raised by parameter validation, before the endpoint begins executing. */
export const invalidParam = (message: string, param?: string, code?: string) =>
  new DoubleError(400, { error: { type: 'invalid_request_error', message, param, code } }, true);

/** 404 `resource_missing`, as Stripe answers an unknown id. */
export const resourceMissing = (kind: string, id: string, param = 'id') =>
  new DoubleError(404, {
    error: {
      type: 'invalid_request_error',
      message: `No such ${kind}: '${id}'`,
      param,
      code: 'resource_missing',
    },
  });

/** 404 for a path the double does not serve. */
export const unknownPath = (message: string) =>
  new DoubleError(404, { error: { type: 'invalid_request_error', message } });
