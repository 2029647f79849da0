/**
 * Every route of the site (docs/screens.md) in one registry: `path` is the router pattern, `getHref`
 * builds a link to it (a parameter through react-router's `generatePath`, which encodes it).
 */
import { generatePath } from 'react-router-dom';

const STAFF_DONOR = '/staff/donantes/:id';
const VERIFY_CERTIFICATE = '/verificar/:code';
const PAY_LINK = '/pagar/:token';

export const paths = {
  home: { path: '/', getHref: () => '/' },
  donate: { path: '/donativos', getHref: () => '/donativos' },
  account: { path: '/mi-cuenta', getHref: () => '/mi-cuenta' },
  postLogin: { path: '/post-login', getHref: () => '/post-login' },
  paymentSuccess: {
    path: '/success',
    getHref: (sessionId?: string) =>
      sessionId ? `/success?session_id=${encodeURIComponent(sessionId)}` : '/success',
  },
  paymentCancel: { path: '/cancel', getHref: () => '/cancel' },
  privacyPolicy: { path: '/politica-privacidad', getHref: () => '/politica-privacidad' },
  legalNotice: { path: '/aviso-legal', getHref: () => '/aviso-legal' },
  cookiePolicy: { path: '/politica-cookies', getHref: () => '/politica-cookies' },
  staffCertificate: { path: '/set/certificate', getHref: () => '/set/certificate' },
  staff: { path: '/staff', getHref: () => '/staff' },
  staffReservations: { path: '/staff/reservas', getHref: () => '/staff/reservas' },
  staffDonations: { path: '/staff/donativos', getHref: () => '/staff/donativos' },
  staffActions: { path: '/staff/acciones', getHref: () => '/staff/acciones' },
  staffDonors: {
    path: '/staff/donantes',
    getHref: (q?: string) => (q ? `/staff/donantes?q=${encodeURIComponent(q)}` : '/staff/donantes'),
  },
  staffDonor: {
    path: STAFF_DONOR,
    getHref: (id: string) => generatePath(STAFF_DONOR, { id }),
  },
  login: { path: '/login', getHref: () => '/login' },
  hallScreen: { path: '/pantalla', getHref: () => '/pantalla' },
  verifyCertificate: {
    path: VERIFY_CERTIFICATE,
    getHref: (code: string) => generatePath(VERIFY_CERTIFICATE, { code }),
  },
  /** A payment link's page: someone else pays for a donor (public). */
  payLink: {
    path: PAY_LINK,
    getHref: (token: string) => generatePath(PAY_LINK, { token }),
  },
} as const;

export type RouteName = keyof typeof paths;
