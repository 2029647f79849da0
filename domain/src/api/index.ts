import * as routes from './routes';

/** Every route of the API, by name (docs/api.md): the functions serve this table. */
export const API_ROUTES = { ...routes } as const;

export type ApiRoutes = typeof API_ROUTES;
export type RouteName = keyof ApiRoutes;

export * from './route';
export type { CommemorationsView, DonationHistoryJson, DonationLineJson } from './users';
export type { DonorProfileJson } from './profile';
export type { CheckoutRequest, PaymentRequestBody } from './payments';
export type {
  CertificateCountBody,
  LedgerFilterQuery,
  LedgerRowView,
  PhysicalCertificateBody,
} from './staff';
export type { FilledCertificateBody, StaffActionsQuery, StaffActionView } from './staff-actions';
export { STAFF_ACTIONS_PAGE_SIZE } from './staff-actions';
export type {
  CompletionBody,
  ReservationChangeBody,
  ReservationView,
  VoidBody,
} from './back-office';
export type { DonorFound, DonorLedgerLineView, DonorPageView, RefundBody } from './staff-donors';
export type { PaymentMethodsBody } from './payment-settings';
