/**
 * The route table (react-router, declarative mode). Every page is a lazy module, so the home
 * page downloads only what it shows (the map's Firestore SDK stays out of it).
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { preloadLegalTexts } from '@/features/legal/legal-texts';
import { loadStaffTexts } from '@/lib/i18n';
import { RootErrorBoundary, RootLayout, StandalonePending } from './routes/root';

interface Page {
  /** The route's pattern (`paths`); `*`: every other path (the not-found page). */
  path: string;
  /** Starts downloading the page's module (once). */
  load: () => Promise<unknown>;
  Component: ComponentType;
}

function page(path: string, load: () => Promise<{ default: ComponentType }>): Page {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return { path, load: once, Component: lazy(once) };
}

/** A staff page: the staff's texts (`loadStaffTexts`) arrive before it shows, with its module. */
const staffPage = (path: string, load: () => Promise<{ default: ComponentType }>) =>
  page(path, () => Promise.all([load(), loadStaffTexts()]).then(([module]) => module));

/** A legal page: its texts are asked for together with its module. */
const legalPage = (path: string, load: () => Promise<{ default: ComponentType }>) =>
  page(path, () => {
    preloadLegalTexts();
    return load();
  });

// docs/screens.md: /login shows without the header.
const login = page(paths.login.path, () => import('./routes/login'));
// docs/screens.md: the church hall's screen fills the screen, without header or footer.
const hallScreen = page(paths.hallScreen.path, () => import('./routes/hall-screen'));

/** The pages inside the header and footer. */
const framed: Page[] = [
  page(paths.home.path, () => import('./routes/home')),
  legalPage(paths.privacyPolicy.path, () => import('./routes/legal/privacy-policy')),
  legalPage(paths.cookiePolicy.path, () => import('./routes/legal/cookie-policy')),
  legalPage(paths.legalNotice.path, () => import('./routes/legal/legal-notice')),
  page(paths.donate.path, () => import('./routes/donate')),
  page(paths.account.path, () => import('./routes/account')),
  page(paths.postLogin.path, () => import('./routes/post-login')),
  page(paths.paymentSuccess.path, () => import('./routes/payment-success')),
  page(paths.paymentCancel.path, () => import('./routes/payment-cancel')),
  staffPage(paths.staffCertificate.path, () => import('./routes/staff-certificate')),
  staffPage(paths.staff.path, () => import('./routes/staff-area')),
  staffPage(paths.staffReservations.path, () => import('./routes/staff-reservations')),
  staffPage(paths.staffDonations.path, () => import('./routes/staff-donations')),
  staffPage(paths.staffActions.path, () => import('./routes/staff-actions')),
  staffPage(paths.staffDonors.path, () => import('./routes/staff-donors')),
  staffPage(paths.staffDonor.path, () => import('./routes/staff-donor')),
  page(paths.verifyCertificate.path, () => import('./routes/verify')),
  page(paths.payLink.path, () => import('./routes/pay-link')),
];

const notFound = page('*', () => import('./routes/not-found'));

/**
 * Starts downloading the module of the page at `pathname`: `main.tsx` calls it before it waits
 * for the language catalogue, so both arrive side by side.
 */
export function preloadPage(pathname: string): void {
  const match = [login, hallScreen, ...framed].find((candidate) =>
    matchPath(candidate.path, pathname),
  );
  (match ?? notFound).load().catch(() => {
    // The page's own render reports it (RootErrorBoundary).
  });
}

/**
 * The browser's address as the router's state. Without transitions, so a page whose code is
 * still downloading shows the header with a spinner at once (RootLayout), not the previous page
 * with no sign that the tap was taken.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RootErrorBoundary pathname={pathname}>
      <Routes>
        <Route
          path={login.path}
          element={
            <Suspense fallback={<StandalonePending />}>
              <login.Component />
            </Suspense>
          }
        />
        <Route
          path={hallScreen.path}
          element={
            <Suspense fallback={null}>
              <hallScreen.Component />
            </Suspense>
          }
        />
        <Route
          element={
            <RootLayout>
              <Outlet />
            </RootLayout>
          }
        >
          {[...framed, notFound].map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
        </Route>
      </Routes>
    </RootErrorBoundary>
  );
}
