import type { Route } from '../router';
import { listCellsRoute } from './cells';
import { generateCertificatesPdfRoute, generateJsonCodesRoute } from './certificate-codes';
import { donationsCsvRoute } from './donations';
import { registerPhysicalCertificateRoute } from './physical-certificates';
import { whoamiRoute } from './users';

/** Every route of the API (SPEC.md 7), added as each is built. */
export const ROUTES: readonly Route[] = [
  listCellsRoute,
  whoamiRoute,
  generateCertificatesPdfRoute,
  generateJsonCodesRoute,
  registerPhysicalCertificateRoute,
  donationsCsvRoute,
];
