/**
 * Every route of the API (docs/api.md), each by its name. A caller imports the routes it calls
 * (`import * as API_ROUTES from '@parroquia/domain/api-routes'` in the web app), so a page's
 * bundle carries only the schemas of the routes it calls; `API_ROUTES` (index.ts) is the
 * whole table, for the functions that serve every route.
 */
export {
  completeReservationsAtParish,
  extendReservations,
  listReservations,
  releaseReservations,
  voidDonation,
} from './back-office';
export { listCells, mapSnapshot } from './cells';
export { donorPage, refundDonation, searchDonors } from './staff-donors';
export { shareImage, verifyCertificate } from './certificates';
export {
  buyPlots,
  cancelCheckout,
  checkoutOutcome,
  completeReservations,
  reservePlots,
  stripeWebhook,
} from './payments';
export {
  cancelPaymentLinks,
  createPaymentLink,
  payPaymentLink,
  viewPaymentLink,
} from './payment-links';
export { listStaffActions, printFilledCertificate } from './staff-actions';
export { changePaymentMethods, paymentMethods } from './payment-settings';
export {
  donationsCsv,
  listDonations,
  monthClosePdf,
  generateCertificatesPdf,
  generateJsonCodes,
  registerPhysicalCertificate,
} from './staff';
export {
  donorCommemorations,
  removeCommemoration,
  exportCommemorations,
  printCommemorations,
} from './staff-commemorations';
export {
  acceptPrivacyPolicy,
  donationHistory,
  donationReceipt,
  donationStatement,
  generateCertificate,
  getCommemorations,
  saveCommemorations,
  linkCode,
  sync,
  updateUser,
  myData,
  myDataDocument,
  eraseAccount,
  passwordReset,
  signUp,
  confirmSignUp,
} from './users';
export { logout, whoami } from './profile';
