// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SharePlots } from './share-plots';

const PAGE = `${window.location.origin}/verificar/ANA7K3QZ?lng=ro`;

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

describe('SharePlots', () => {
  it("hands the phone's share sheet the certificate's page in the sharer's language, and shows no links", async () => {
    await i18n.changeLanguage('ro');
    const share = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share });
    render(<SharePlots code="ANA7K3QZ" />);
    fireEvent.click(screen.getByRole('button', { name: 'Distribuiți' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: PAGE }));
    expect(screen.queryByTestId('share-options')).toBeNull();
  });

  it('without a share sheet, offers WhatsApp, Facebook and the address to copy', async () => {
    await i18n.changeLanguage('ro');
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    render(<SharePlots code="ANA7K3QZ" />);
    fireEvent.click(screen.getByRole('button', { name: 'Distribuiți' }));
    const whatsapp = await screen.findByRole('link', { name: 'WhatsApp' });
    expect(whatsapp.getAttribute('href')).toContain(`https://wa.me/?text=`);
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toContain(PAGE);
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(PAGE)}`,
    );
    expect(screen.getByTestId<HTMLInputElement>('share-url').value).toBe(PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Copiați linkul' }));
    expect(await screen.findByRole('button', { name: 'Link copiat' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(PAGE);
  });

  it('a share sheet closed by the donor leaves the page as it was; one that fails offers the links', async () => {
    const aborted = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    vi.stubGlobal('navigator', { ...navigator, share: aborted });
    const { unmount } = render(<SharePlots code="ANA7K3QZ" />);
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(aborted).toHaveBeenCalled());
    expect(screen.queryByTestId('share-options')).toBeNull();
    unmount();
    vi.stubGlobal('navigator', {
      ...navigator,
      share: async () => {
        throw new DOMException('not allowed', 'NotAllowedError');
      },
    });
    render(<SharePlots code="ANA7K3QZ" />);
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByTestId('share-options')).toBeTruthy();
  });
});
