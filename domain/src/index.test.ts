import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('public API', () => {
  it('exports the rules the web app and the functions use', () => {
    for (const name of [
      'parsePlotCode',
      'formatPlotCode',
      'layoutPlots',
      'plotPixelBox',
      'checkoutTotalCents',
      'checkCashLimit',
      'effectiveCell',
      'effectiveStatus',
      'startHold',
      'applyPayment',
      'releaseHold',
      'expireReservation',
      'validatePaymentRequest',
      'validateCertificateCount',
      'validatePhysicalCertificateRegistration',
      'certificateLanguage',
      'generatePersonalCode',
      'isPersonalCode',
      'donorDisplay',
      'readCellDocument',
      'millisOf',
      'selectionKindOf',
      'accountEmail',
      'externalProviderOf',
      'plotsBoughtBy',
      'planCertificateLink',
      'churchZoneOf',
      'checkChurchPlanImage',
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('exports the donor body schemas and API paths the web reuses', () => {
    for (const name of [
      'syncUserBodySchema',
      'updateUserBodySchema',
      'acceptPrivacyPolicyBodySchema',
      'linkCodeBodySchema',
      'certificateQuerySchema',
      'verifyCertificateQuerySchema',
    ]) {
      expect(
        typeof (domain as unknown as Record<string, { safeParse?: unknown }>)[name]?.safeParse,
        name,
      ).toBe('function');
    }
    expect(domain.API_ROUTES.sync.path).toBe('/api/users/sync/');
  });
});
