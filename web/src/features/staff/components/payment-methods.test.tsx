// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';
import { signedInWrapper } from '@/testing/signed-in-wrapper';
import { PaymentMethods } from './payment-methods';

let server: LocalServer;
let stored: string[] = ['card'];
let refuse: { status: number; body: unknown } | null = null;
let sent: unknown[] = [];

beforeAll(async () => {
  server = await startLocalServer(async (request, response) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    if (request.method === 'POST') {
      sent.push(JSON.parse(text));
      if (refuse) return sendJson(response, refuse.status, refuse.body);
      stored = (JSON.parse(text) as { methods: string[] }).methods;
    }
    sendJson(response, 200, { methods: stored, available: ['card', 'bizum'] });
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  stored = ['card'];
  refuse = null;
  sent = [];
});

function renderSection() {
  const Wrapper = signedInWrapper(createQueryClient(), {
    uid: 'staff-eva',
    token: 'token-eva',
    apiClient: createApiClient({ baseUrl: server.url }),
  });
  return render(
    <Wrapper>
      <PaymentMethods />
    </Wrapper>,
  );
}

describe('PaymentMethods', () => {
  it('shows card always on and Bizum off by default; turning Bizum on saves both', async () => {
    renderSection();
    const bizum = await screen.findByRole<HTMLInputElement>('checkbox', { name: /^Bizum/ });
    const card = screen.getByRole<HTMLInputElement>('checkbox', { name: /^Tarjeta/ });
    expect(card.checked).toBe(true);
    expect(card.disabled).toBe(true);
    expect(bizum.checked).toBe(false);
    expect(screen.getByText(/Apple Pay y Google Pay/)).toBeTruthy();
    expect(screen.getByText(/adeudo SEPA no se ofrece/)).toBeTruthy();
    fireEvent.click(bizum);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar formas de pago' }));
    expect((await screen.findByTestId('payment-methods-result')).textContent).toContain(
      'Guardado: la página de pago ofrece tarjeta y Bizum.',
    );
    expect(sent).toEqual([{ methods: ['card', 'bizum'] }]);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /^Bizum/ }).checked).toBe(true);
  });

  it('shows the API refusal in the language of the screen, and keeps what is stored', async () => {
    stored = ['card', 'bizum'];
    await i18n.changeLanguage('en');
    refuse = { status: 403, body: { error: 'Only parish staff can do this.', code: 'staffOnly' } };
    renderSection();
    const bizum = await screen.findByRole<HTMLInputElement>('checkbox', { name: /^Bizum/ });
    expect(bizum.checked).toBe(true);
    fireEvent.click(bizum);
    fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
    await waitFor(() =>
      expect(screen.getByTestId('payment-methods-result').textContent).toContain(
        'Only parish staff can do this.',
      ),
    );
    expect(sent).toEqual([{ methods: ['card'] }]);
    expect(stored).toEqual(['card', 'bizum']);
  });
});
