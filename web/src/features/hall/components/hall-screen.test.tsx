// @vitest-environment jsdom
import { campaignProgress } from '@parroquia/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { HallScreen, type HallScreenProps } from './hall-screen';

const PROGRESS = campaignProgress(
  { plots_bought: 5, plots_reserved: 1, raised_cents: 130_000 },
  936,
);

const renderScreen = (props: Partial<HallScreenProps> = {}) =>
  render(
    <HallScreen
      plan={<svg data-testid="plan" />}
      progress={PROGRESS}
      gifts={[]}
      reconnecting={false}
      siteAddress="https://parroquia.example/"
      {...props}
    />,
  );

describe('HallScreen', () => {
  it('says the progress, the latest gifts newest first, and offers nothing to click (ro)', async () => {
    await i18n.changeLanguage('ro');
    renderScreen({
      gifts: [
        { codes: ['N25', 'N26'], donor: 'F89A4285', status: 'bought' },
        { codes: ['N24'], donor: 'Ana García', status: 'reserved' },
      ],
    });
    expect(screen.getByTestId('hall-raised').textContent).toMatch(/^1\.300,00\sEUR$/);
    expect(screen.getByTestId('hall-plots').textContent).toBe('6 din 936 parcele donate');
    const gifts = within(screen.getByTestId('hall-gifts')).getAllByRole('listitem');
    expect(gifts.map((gift) => gift.textContent)).toEqual([
      'Parcelele N25, N26F89A4285Cumpărate',
      'Parcela N24Ana GarcíaRezervată',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('hall-reconnecting')).toBeNull();
    expect(screen.getByTestId('hall-qr').getAttribute('data-address')).toBe(
      'https://parroquia.example/',
    );
  });

  it('says when nothing has come yet, and when it is reconnecting (es)', () => {
    renderScreen({ reconnecting: true, progress: null });
    expect(
      screen.getByText('Los nuevos donativos aparecerán aquí en cuanto lleguen.'),
    ).toBeTruthy();
    expect(screen.getByTestId('hall-reconnecting').textContent).toBe('Reconectando…');
    expect(screen.getByText('Cargando el progreso de la campaña…')).toBeTruthy();
  });
});
