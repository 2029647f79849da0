// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { QueryUpkeep } from '@/lib/query-upkeep';
import { StaticSessionProvider, type Session } from '@/lib/session';

function renderUpkeep(session: Session) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.donationHistory('donor-ana'), { donations: [] });
  client.setQueryData(queryKeys.campaignProgress(), { given: 1 });
  render(
    <QueryClientProvider client={client}>
      <StaticSessionProvider
        value={{
          session,
          getToken: async () => 'token',
          reloadUser: async () => null,
          signOut: async () => {},
        }}
      >
        <QueryUpkeep />
      </StaticSessionProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('QueryUpkeep', () => {
  it("forgets every account's answers once nobody is signed in, and keeps the public ones", async () => {
    const client = renderUpkeep({ status: 'signed-out' });
    await waitFor(() =>
      expect(client.getQueryData(queryKeys.donationHistory('donor-ana'))).toBeUndefined(),
    );
    expect(client.getQueryData(queryKeys.campaignProgress())).toEqual({ given: 1 });
  });

  it('keeps them while the session is being known', () => {
    const client = renderUpkeep({ status: 'loading' });
    expect(client.getQueryData(queryKeys.donationHistory('donor-ana'))).toEqual({
      donations: [],
    });
  });

  it('drops a failure when the language changes, so the API is asked again in it', async () => {
    const client = renderUpkeep({ status: 'loading' });
    const asked = client.fetchQuery({
      queryKey: ['refused'],
      queryFn: () => Promise.reject(new Error('refused')),
    });
    await expect(asked).rejects.toThrow('refused');
    // Inactive (no screen shows it): reset to nothing, to be asked afresh when one does.
    await i18n.changeLanguage('en');
    expect(client.getQueryState(['refused'])?.status).toBe('pending');
    expect(client.getQueryState(queryKeys.campaignProgress())?.status).toBe('success');
  });
});
