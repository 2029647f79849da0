// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { signedInWrapper } from '@/testing/signed-in-wrapper';
import { useDonationCorrection, useReservationChange } from './staff-mutations';

/** What each route answers: what the contract's schema for it takes. */
const ANSWERS: Record<string, unknown> = {
  '/api/staff/reservations/complete/': { parcelas: ['H6'], amount_cents: 20_000 },
  '/api/staff/reservations/extend/': { parcelas: ['H6'] },
  '/api/staff/reservations/release/': { parcelas: ['H6'] },
  '/api/staff/donations/void/': { parcelas: ['K20'] },
  '/api/staff/donations/refund/': { refund_id: 're_1', amount_cents: 10_000 },
};

let server: LocalServer;
let sent: Array<{ path: string; body: unknown; token: string | undefined }> = [];

beforeAll(async () => {
  server = await startLocalServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const path = request.url ?? '';
    sent.push({ path, body: JSON.parse(text || 'null'), token: request.headers.authorization });
    const answer = ANSWERS[path];
    sendJson(response, answer ? 200 : 404, answer ?? { error: 'no route' });
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  sent = [];
});

/** A staff answer on screen (the reservations list), counting how often it is asked. */
function renderWith<T>(useWrite: (asked: () => number) => T) {
  const queryClient = createQueryClient();
  let asked = 0;
  const { result } = renderHook(
    () => ({
      list: useQuery({
        queryKey: queryKeys.reservations('staff-eva'),
        queryFn: async () => ++asked,
      }),
      write: useWrite(() => asked),
    }),
    {
      wrapper: signedInWrapper(queryClient, {
        uid: 'staff-eva',
        token: 'token-eva',
        apiClient: createApiClient({ baseUrl: server.url }),
      }),
    },
  );
  return { result, asked: () => asked };
}

describe('useReservationChange', () => {
  it("sends each change to its route, and reports once staff's answers are asked again", async () => {
    const reported: string[] = [];
    const { result } = renderWith((asked) =>
      useReservationChange({
        onSuccess: (_, change) => reported.push(`${change.kind}:${asked()}`),
      }),
    );
    await waitFor(() => expect(result.current.list.data).toBe(1));
    await act(() => result.current.write.mutateAsync({ kind: 'transfer', plots: ['H6'] }));
    await act(() =>
      result.current.write.mutateAsync({
        kind: 'extend',
        plots: ['H6'],
        until: '2026-05-01',
        reason: 'Lo pidió',
      }),
    );
    await act(() =>
      result.current.write.mutateAsync({ kind: 'release', plots: ['H6'], reason: 'No vino' }),
    );
    expect(sent).toEqual([
      {
        path: '/api/staff/reservations/complete/',
        body: { parcelas: ['H6'], method: 'transfer' },
        token: 'Bearer token-eva',
      },
      {
        path: '/api/staff/reservations/extend/',
        body: { parcelas: ['H6'], until: '2026-05-01', reason: 'Lo pidió' },
        token: 'Bearer token-eva',
      },
      {
        path: '/api/staff/reservations/release/',
        body: { parcelas: ['H6'], reason: 'No vino' },
        token: 'Bearer token-eva',
      },
    ]);
    // Each reported only after the list had been asked again.
    expect(reported).toEqual(['transfer:2', 'extend:3', 'release:4']);
  });
});

describe('useDonationCorrection', () => {
  it("asks staff's answers again after a void, not after a refund (Stripe's event is to come)", async () => {
    const { result, asked } = renderWith(() => useDonationCorrection());
    await waitFor(() => expect(result.current.list.data).toBe(1));
    await act(() =>
      result.current.write.mutateAsync({
        kind: 'refund',
        donation_id: 'cs_1',
        amount_cents: 10_000,
        reason: 'Una parte',
      }),
    );
    expect(asked()).toBe(1);
    await act(() =>
      result.current.write.mutateAsync({ kind: 'void', donation_id: 'cash-1', reason: 'Error' }),
    );
    expect(asked()).toBe(2);
    expect(sent.map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: '/api/staff/donations/refund/',
        body: { donation_id: 'cs_1', amount_cents: 10_000, reason: 'Una parte' },
      },
      { path: '/api/staff/donations/void/', body: { donation_id: 'cash-1', reason: 'Error' } },
    ]);
  });
});
