// @vitest-environment jsdom
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { useApiMutation } from '@/lib/api-mutation';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { signedInWrapper } from '@/testing/signed-in-wrapper';

const wrapperFor = (client: QueryClient) =>
  signedInWrapper(client, { uid: 'donor-ana', token: 'token-ana' });

/** The donor record on screen (asked once more each time it goes stale) and a write to it. */
function renderWrite(call: (token: string) => Promise<string>) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.donationHistory('donor-ana'), { donations: [] });
  let asked = 0;
  const { result } = renderHook(
    () => ({
      record: useQuery({
        queryKey: queryKeys.donorRecord('donor-ana'),
        queryFn: async () => ++asked,
        staleTime: Infinity,
      }),
      write: useApiMutation({
        call: (_client, name: string, token) => call(`${name}:${token}`),
        invalidates: (uid) => [queryKeys.donorRecord(uid)],
      }),
    }),
    { wrapper: wrapperFor(client) },
  );
  return { client, result, asked: () => asked };
}

describe('useApiMutation', () => {
  it("calls with the account's token, and is done only once what it changed is asked again", async () => {
    const sent: string[] = [];
    const { client, result, asked } = renderWrite(async (sending) => {
      sent.push(sending);
      return 'saved';
    });
    await waitFor(() => expect(result.current.record.data).toBe(1));
    await act(() => result.current.write.mutateAsync('Ana'));
    expect(sent).toEqual(['Ana:token-ana']);
    // Asked again before the write counted as done: the page shows the change with it.
    expect(asked()).toBe(2);
    expect(client.getQueryData(queryKeys.donorRecord('donor-ana'))).toBe(2);
    // What it did not name stays as it was (not stale).
    expect(client.getQueryState(queryKeys.donationHistory('donor-ana'))?.isInvalidated).toBe(false);
  });

  it('makes nothing stale when the call fails, and gives its ApiError with the code', async () => {
    const { result, asked } = renderWrite(() =>
      Promise.reject(
        new ApiError('Escribe tu nombre.', 400, { fromServer: true, code: 'profile.nameRequired' }),
      ),
    );
    await waitFor(() => expect(result.current.record.data).toBe(1));
    act(() => result.current.write.mutate('Ana'));
    await waitFor(() => expect(result.current.write.isError).toBe(true));
    expect(result.current.write.error).toBeInstanceOf(ApiError);
    expect((result.current.write.error as ApiError).code).toBe('profile.nameRequired');
    expect(asked()).toBe(1);
  });

  it("reports to the hook's callbacks after the refresh, even once the sender is gone", async () => {
    const client = createQueryClient();
    let asked = 0;
    const reported: string[] = [];
    let answer: (value: string) => void = () => {};
    const { result, unmount } = renderHook(
      () => ({
        record: useQuery({
          queryKey: queryKeys.donorRecord('donor-ana'),
          queryFn: async () => ++asked,
          staleTime: Infinity,
        }),
        write: useApiMutation(
          {
            call: () => new Promise<string>((resolve) => (answer = resolve)),
            invalidates: (uid) => [queryKeys.donorRecord(uid)],
          },
          {
            onSuccess: (saved, name: string) => reported.push(`${saved}:${name}:${asked}`),
            onError: (error) => reported.push(error.message),
          },
        ),
      }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.record.data).toBe(1));
    act(() => result.current.write.mutate('Ana'));
    await waitFor(() => expect(result.current.write.isPending).toBe(true));
    // The row that sent it leaves the page (a refreshed list no longer has it) before the answer.
    unmount();
    answer('saved');
    await waitFor(() => expect(reported).toEqual(['saved:Ana:1']));
    // Nothing on screen any more to ask again: the record is only marked stale.
    expect(client.getQueryState(queryKeys.donorRecord('donor-ana'))?.isInvalidated).toBe(true);
  });

  it("says a failure to the hook's onError with the ApiError", async () => {
    const client = createQueryClient();
    const failures: unknown[] = [];
    const { result } = renderHook(
      () =>
        useApiMutation(
          {
            call: () =>
              Promise.reject(new ApiError('Ya vendida.', 409, { fromServer: true, code: 'sold' })),
          },
          { onError: (error) => failures.push(error) },
        ),
      { wrapper: wrapperFor(client) },
    );
    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(failures).toHaveLength(1));
    expect((failures[0] as ApiError).code).toBe('sold');
  });

  it('keeps the answer as the query it names in `becomes`, without asking it again', async () => {
    const client = createQueryClient();
    let asked = 0;
    const { result } = renderHook(
      () => ({
        list: useQuery({
          queryKey: queryKeys.commemorations('donor-ana'),
          queryFn: async () => [`asked ${++asked}`],
        }),
        write: useApiMutation({
          call: async (_client, names: string[]) => names,
          becomes: (uid) => queryKeys.commemorations(uid),
        }),
      }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.list.data).toEqual(['asked 1']));
    await act(() => result.current.write.mutateAsync(['Ana', 'Ion']));
    expect(client.getQueryData(queryKeys.commemorations('donor-ana'))).toEqual(['Ana', 'Ion']);
    await waitFor(() => expect(result.current.list.data).toEqual(['Ana', 'Ion']));
    expect(asked).toBe(1);
  });
});
