/** Every route of the API bound to its handler: one handler per route of `API_ROUTES`. */
import { API_ROUTES, type ApiRoutes, type RouteName } from '@parroquia/domain';
import { bindRoute, type Handler, type Route } from '../router';
import {
  completeReservationsAtParish,
  extendReservations,
  listReservations,
  releaseReservations,
  voidDonation,
} from './back-office';
import { verifyCertificate } from './certificates';
import { shareImage } from './share-image';
import { listCells, mapSnapshot } from './cells';
import { generateCertificatesPdf, generateJsonCodes } from './certificate-codes';
import { cancelCheckout, checkoutOutcome, startCheckout } from './checkout';
import {
  donorCommemorations,
  exportCommemorations,
  getCommemorations,
  printCommemorations,
  removeCommemoration,
  saveCommemorations,
} from './commemorations';
import { donationsCsv, listDonations, monthClosePdf } from './donations';
import { donationHistory, donationReceiptPdf, donationStatementPdf } from './donation-history';
import { generateCertificate } from './donor-certificate';
import { linkCode } from './link-code';
import { passwordReset } from './password-reset';
import {
  cancelPaymentLinks,
  createPaymentLink,
  payPaymentLink,
  viewPaymentLink,
} from './payment-links';
import { eraseAccount, myData, myDataDocument } from './my-data';
import { confirmSignUp, signUp } from './sign-up';
import { registerPhysicalCertificate } from './physical-certificates';
import { changePaymentMethods, paymentMethods } from './payment-settings';
import { listStaffActions, printFilledCertificate } from './staff-actions';
import { donorPage, refundDonation, searchDonors } from './staff-donors';
import { stripeWebhook } from './stripe-webhook';
import { acceptPrivacyPolicy, logout, sync, updateUser, whoami } from './users';

/** A route of the contract without its handler fails the build here. */
const HANDLERS: { [Name in RouteName]: Handler<ApiRoutes[Name]> } = {
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
  myDataDocument,
  eraseAccount,
  verifyCertificate,
  shareImage,
  generateCertificatesPdf,
  generateJsonCodes,
  registerPhysicalCertificate,
  donationsCsv,
  listDonations,
  monthClosePdf,
  buyPlots: startCheckout('buy'),
  reservePlots: startCheckout('reserve'),
  completeReservations: startCheckout('complete'),
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
  donationReceipt: donationReceiptPdf,
  donationStatement: donationStatementPdf,
  passwordReset,
  getCommemorations,
  saveCommemorations,
  printCommemorations,
  exportCommemorations,
  donorCommemorations,
  removeCommemoration,
  signUp,
  confirmSignUp,
  paymentMethods,
  changePaymentMethods,
  createPaymentLink,
  viewPaymentLink,
  payPaymentLink,
  cancelPaymentLinks,
};

function bound<Name extends RouteName>(name: Name): Route {
  return bindRoute(API_ROUTES[name], HANDLERS[name]);
}

export const ROUTES: readonly Route[] = (Object.keys(API_ROUTES) as RouteName[]).map(bound);
