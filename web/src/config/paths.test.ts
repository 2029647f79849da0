import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('a link to a page with a parameter carries the parameter encoded, whole', () => {
    expect(paths.staffDonor.getHref('uid/1 ?&#')).toBe('/staff/donantes/uid%2F1%20%3F%26%23');
    expect(paths.verifyCertificate.getHref('AB C')).toBe('/verificar/AB%20C');
  });

  it('a query parameter is encoded too, and left out when empty', () => {
    expect(paths.staffDonors.getHref('ana & ion')).toBe('/staff/donantes?q=ana%20%26%20ion');
    expect(paths.staffDonors.getHref('')).toBe('/staff/donantes');
    expect(paths.paymentSuccess.getHref('cs_1')).toBe('/success?session_id=cs_1');
  });
});
