import type { Route } from '../router';
import { listCellsRoute } from './cells';
import { PAYMENT_ROUTES } from './payments';
import { whoamiRoute } from './users';

/** Every route of the API (SPEC.md 7), added as each is built. */
export const ROUTES: readonly Route[] = [listCellsRoute, whoamiRoute, ...PAYMENT_ROUTES];
