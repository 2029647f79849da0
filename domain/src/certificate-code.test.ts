import { describe, expect, it } from 'vitest';
import { availableCell, type Cell } from './cell';
import type { CellWithId } from './cell-document';
import { planCertificateLink, readCertificateCodeDocument } from './certificate-code';
import { parsePlotCode } from './plot-code';

const NOW = Date.UTC(2026, 10, 22, 12);
const cell = (code: string, change: Partial<Cell>): CellWithId => ({
  id: code,
  ...availableCell(parsePlotCode(code)),
  ...change,
});
const registered = readCertificateCodeDocument('CERT2345', {
  status: 'registered',
  plots: ['K3', 'K4'],
  user: null,
});

describe('readCertificateCodeDocument', () => {
  it('reads the stored shape, keeping only plot codes', () => {
    expect(
      readCertificateCodeDocument('CERT2345', { status: 'registered', plots: ['K3', 'ZZ', 4] }),
    ).toEqual({
      code: 'CERT2345',
      status: 'registered',
      plots: ['K3'],
      user: null,
      email: null,
      is_anonymous_donor: false,
    });
  });

  it('also reads plots stored as { x, y }', () => {
    expect(
      readCertificateCodeDocument('C', {
        status: 'registered',
        plots: [
          { x: 'K', y: 3 },
          { x: 'Z', y: 1 },
        ],
      }).plots,
    ).toEqual(['K3']);
  });

  it('treats a code with an account as linked and junk as unassigned', () => {
    expect(readCertificateCodeDocument('C', { status: 'registered', user: 'ana' }).status).toBe(
      'linked',
    );
    expect(readCertificateCodeDocument('C', { status: 'sold' }).status).toBe('unassigned');
  });
});

describe('planCertificateLink', () => {
  const plots = [
    cell('K3', { status: 'bought', user: null, donor_display: 'CERT2345' }),
    cell('K4', { status: 'reserved', user: null, reserved_until: NOW + 1 }),
  ];

  it('links a registered code whose plots are still its own', () => {
    expect(planCertificateLink(registered, plots, 'ana', NOW)).toEqual({
      ok: true,
      plots: ['K3', 'K4'],
    });
  });

  it('refuses unknown, unassigned and already-linked codes with clear texts', () => {
    expect(planCertificateLink(null, plots, 'ana', NOW)).toMatchObject({ status: 404 });
    const unassigned = { ...registered, status: 'unassigned' as const, plots: [] };
    expect(planCertificateLink(unassigned, plots, 'ana', NOW)).toMatchObject({
      status: 409,
      error: 'Ese código todavía no tiene parcelas registradas. Consulta con la parroquia.',
    });
    const linked = { ...registered, status: 'linked' as const, user: 'ion' };
    expect(planCertificateLink(linked, plots, 'ana', NOW)).toMatchObject({
      error: 'Ese código ya está vinculado a otra cuenta.',
    });
    expect(planCertificateLink(linked, plots, 'ion', NOW)).toMatchObject({
      error: 'Ese código ya está vinculado a tu cuenta.',
    });
  });

  it('refuses when a plot went back on sale or to another account', () => {
    const lapsed = [
      plots[0]!,
      cell('K4', { status: 'reserved', user: null, reserved_until: NOW - 1 }),
    ];
    expect(planCertificateLink(registered, lapsed, 'ana', NOW)).toMatchObject({ status: 409 });
    const others = [plots[0]!, cell('K4', { status: 'bought', user: 'ion' })];
    expect(planCertificateLink(registered, others, 'ana', NOW)).toMatchObject({ status: 409 });
    expect(planCertificateLink(registered, [plots[0]!], 'ana', NOW)).toMatchObject({ status: 409 });
  });
});

describe('planCertificateLink and a newer certificate', () => {
  it('refuses a plot registered for another certificate since this one', () => {
    const record = readCertificateCodeDocument('OLD23456', {
      status: 'registered',
      plots: ['U37'],
    });
    const cell = {
      id: 'U37',
      ...availableCell({ x: 'U', y: 37 }),
      status: 'reserved' as const,
      reserved_until: Date.UTC(2026, 11, 24),
    };
    const now = Date.UTC(2026, 10, 24);
    expect(planCertificateLink(record, [cell], 'ana', now).ok).toBe(true);
    expect(planCertificateLink(record, [cell], 'ana', now, new Set(['U37']))).toMatchObject({
      ok: false,
      status: 409,
    });
  });
});
