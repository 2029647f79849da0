// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import { describe, expect, it, vi } from 'vitest';
import { useApiClient } from '@/lib/api-client-context';
import { ApiError, REQUEST_FAILED } from '@/lib/api-error';

// The client's module cannot download (the phone went offline after the page loaded).
vi.mock('@/lib/api-client', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe("the app's API client, loaded with the first call", () => {
  it('answers a request without an answer when its code cannot download', async () => {
    const { result } = renderHook(() => useApiClient());
    const call = result.current.call(API_ROUTES.whoami, { token: 'token' });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: null, message: REQUEST_FAILED });
  });
});
