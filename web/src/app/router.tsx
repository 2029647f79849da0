/**
 * The route table. Every page is a lazy module, so the home page downloads only what it shows
 * (the map's Firestore SDK stays out of it).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { parse } from 'regexparam';
import { paths } from '@/config/paths';
import { preloadLegalTexts } from '@/features/legal/legal-texts';
import { useLocation } from '@/lib/navigation';
import { RootErrorBoundary, RootLayout, StandalonePending } from './routes/root';

interface Page {
  /** The router pattern; none: every path (the not-found page). */
  path?: string;
  /** Starts downloading the page's module (once). */
  load: () => Promise<unknown>;
  Component: LazyExoticComponent<ComponentType>;
}

function page(path: string | undefined, load: () => Promise<{ default: ComponentType }>): Page {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => (loading ??= load());
  return { path, load: once, Component: lazy(once) };
}

/** A legal page: its texts are asked for together with its module. */
const legalPage = (path: string, load: () => Promise<{ default: ComponentType }>) =>
  page(path, () => {
    preloadLegalTexts();
    return load();
  });

// docs/screens.md: /login shows without the header.
const login = page(paths.login.path, () => import('./routes/login'));

/** The pages inside the header and footer, in matching order. */
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
  page(paths.staffCertificate.path, () => import('./routes/staff-certificate')),
  page(paths.staff.path, () => import('./routes/staff-area')),
  page(paths.staffReservations.path, () => import('./routes/staff-reservations')),
  page(paths.staffDonations.path, () => import('./routes/staff-donations')),
  page(paths.staffActions.path, () => import('./routes/staff-actions')),
  page(paths.staffDonors.path, () => import('./routes/staff-donors')),
  page(paths.staffDonor.path, () => import('./routes/staff-donor')),
  page(paths.verifyCertificate.path, () => import('./routes/verify')),
  page(undefined, () => import('./routes/not-found')),
];

/**
 * Starts downloading the module of the page at `pathname`: `main.tsx` calls it before it waits
 * for the language catalogue, so both arrive side by side.
 */
export function preloadPage(pathname: string): void {
  const match = [login, ...framed].find(
    (candidate) => !candidate.path || parse(candidate.path).pattern.test(pathname),
  );
  // A preload only: a failed load is caught here and the page reports it when it renders.
  void match?.load().catch(() => {
    // The page's own render reports it (RootErrorBoundary).
  });
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RootErrorBoundary pathname={pathname}>
      <Switch>
        <Route path={login.path}>
          <Suspense fallback={<StandalonePending />}>
            <login.Component />
          </Suspense>
        </Route>
        <Route>
          <RootLayout>
            <Switch>
              {framed.map(({ path, Component }) => (
                <Route key={path ?? '*'} path={path} component={Component} />
              ))}
            </Switch>
          </RootLayout>
        </Route>
      </Switch>
    </RootErrorBoundary>
  );
}
