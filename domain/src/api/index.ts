/** Every route of the API, by name (docs/api.md); both sides are built from this table. */
import {
  completeReservationsAtParish,
  extendReservations,
  listReservations,
  releaseReservations,
  voidDonation,
} from './back-office';
import { listCells, mapSnapshot } from './cells';
import { donorPage, refundDonation, searchDonors } from './staff-donors';
import { verifyCertificate } from './certificates';
import {
  buyPlots,
  cancelCheckout,
  checkoutOutcome,
  completeReservations,
  reservePlots,
  stripeWebhook,
} from './payments';
import { listStaffActions, printFilledCertificate } from './staff-actions';
import {
  donationsCsv,
  listDonations,
  generateCertificatesPdf,
  generateJsonCodes,
  registerPhysicalCertificate,
} from './staff';
import {
  donorCommemorations,
  exportCommemorations,
  printCommemorations,
} from './staff-commemorations';
import {
  acceptPrivacyPolicy,
  donationHistory,
  donationReceipt,
  donationStatement,
  generateCertificate,
  getCommemorations,
  saveCommemorations,
  linkCode,
  logout,
  sync,
  updateUser,
  whoami,
  myData,
  eraseAccount,
} from './users';
// Issue 30: a forgotten password, through the API so that it can be limited and stay neutral.
import { passwordReset } from './users';
// Issue 30: e-mail sign-up, through the API so that it says nothing of who has an account.
import { signUp } from './users';

export const API_ROUTES = {
  listCells,
  mapSnapshot,
  whoami,
  sync,
  updateUser,
  acceptPrivacyPolicy,
  logout,
  linkCode,
  generateCertificate,
  myData,
  eraseAccount,
  verifyCertificate,
  generateCertificatesPdf,
  generateJsonCodes,
  registerPhysicalCertificate,
  donationsCsv,
  listDonations,
  buyPlots,
  reservePlots,
  completeReservations,
  cancelCheckout,
  checkoutOutcome,
  stripeWebhook,
  listReservations,
  completeReservationsAtParish,
  extendReservations,
  releaseReservations,
  voidDonation,
  listStaffActions,
  printFilledCertificate,
  searchDonors,
  donorPage,
  refundDonation,
  donationHistory,
  donationReceipt,
  donationStatement,
  passwordReset,
  getCommemorations,
  saveCommemorations,
  printCommemorations,
  exportCommemorations,
  donorCommemorations,
  signUp,
} as const;

export type ApiRoutes = typeof API_ROUTES;
export type RouteName = keyof ApiRoutes;

export * from './route';
export type {
  CommemorationsView,
  DonationHistoryJson,
  DonationLineJson,
  DonorProfileJson,
} from './users';
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
