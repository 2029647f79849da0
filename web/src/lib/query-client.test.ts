import { describe, expect, it } from 'vitest';
import { ApiError, REQUEST_FAILED } from '@/lib/api-error';
import { worthAskingAgain } from '@/lib/query-client';

describe('worthAskingAgain', () => {
  it('asks once more when no answer came or the server failed', () => {
    expect(worthAskingAgain(0, new ApiError(REQUEST_FAILED, null))).toBe(true);
    expect(worthAskingAgain(0, new ApiError('HTTP error! status: 503', 503))).toBe(true);
    expect(worthAskingAgain(1, new ApiError(REQUEST_FAILED, null))).toBe(false);
  });

  it('never asks again after a refusal, an answer of the wrong shape or another error', () => {
    expect(worthAskingAgain(0, new ApiError('No autorizado', 403, { fromServer: true }))).toBe(
      false,
    );
    expect(worthAskingAgain(0, new ApiError('HTTP error! status: 404', 404))).toBe(false);
    expect(worthAskingAgain(0, new ApiError(REQUEST_FAILED, 200))).toBe(false);
    expect(worthAskingAgain(0, new Error('campaign/progress is missing'))).toBe(false);
  });
});
