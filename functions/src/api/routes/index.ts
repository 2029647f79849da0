import type { Route } from '../router';
import { verifyCertificateRoute } from './certificates';
import { listCellsRoute } from './cells';
import { PAYMENT_ROUTES } from './payments';
import { generateCertificateRoute } from './donor-certificate';
import { linkCodeRoute } from './link-code';
import {
  acceptPrivacyPolicyRoute,
  logoutRoute,
  syncRoute,
  updateUserRoute,
  whoamiRoute,
} from './users';
import { generateCertificatesPdfRoute, generateJsonCodesRoute } from './certificate-codes';
import { donationsCsvRoute } from './donations';
import { registerPhysicalCertificateRoute } from './physical-certificates';

/** Every route of the API (docs/api.md), added as each is built. */
export const ROUTES: readonly Route[] = [
  listCellsRoute,
  whoamiRoute,
  syncRoute,
  updateUserRoute,
  acceptPrivacyPolicyRoute,
  logoutRoute,
  linkCodeRoute,
  generateCertificateRoute,
  verifyCertificateRoute,
  generateCertificatesPdfRoute,
  generateJsonCodesRoute,
  registerPhysicalCertificateRoute,
  donationsCsvRoute,
  ...PAYMENT_ROUTES,
];
