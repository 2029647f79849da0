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
    ]) {
      expect(typeof (domain as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
