/**
 * Every route of the site (docs/screens.md) in one registry: `path` is the router pattern, `getHref`
 * builds a link to it.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  donate: { path: '/donativos', getHref: () => '/donativos' },
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
    path: '/staff/donantes/:id',
    getHref: (id: string) => `/staff/donantes/${encodeURIComponent(id)}`,
  },
  login: { path: '/login', getHref: () => '/login' },
  account: { path: '/mi-cuenta', getHref: () => '/mi-cuenta' },
  verifyCertificate: {
    path: '/verificar/:code',
    getHref: (code: string) => `/verificar/${encodeURIComponent(code)}`,
  },
} as const;

export type RouteName = keyof typeof paths;
