/**
 * The route table. Every page is a lazy module, so the home page downloads only what it shows
 * (the map's Firestore SDK stays out of it).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { preloadLegalTexts } from '@/features/legal/legal-texts';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A legal page: its texts are asked for together with its module. */
const legalPage = (load: () => Promise<{ default: ComponentType }>) =>
  page(() => {
    preloadLegalTexts();
    return load();
  });

export const routes: RouteObject[] = [
  // docs/screens.md: /login shows without the header.
  {
    path: paths.login.path,
    lazy: page(() => import('./routes/login')),
    HydrateFallback: RootHydrateFallback,
  },
  {
    path: paths.home.path,
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: RootHydrateFallback,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      {
        path: paths.privacyPolicy.path,
        lazy: legalPage(() => import('./routes/legal/privacy-policy')),
      },
      {
        path: paths.cookiePolicy.path,
        lazy: legalPage(() => import('./routes/legal/cookie-policy')),
      },
      {
        path: paths.legalNotice.path,
        lazy: legalPage(() => import('./routes/legal/legal-notice')),
      },
      { path: paths.donate.path, lazy: page(() => import('./routes/donate')) },
      { path: paths.postLogin.path, lazy: page(() => import('./routes/post-login')) },
      { path: paths.paymentSuccess.path, lazy: page(() => import('./routes/payment-success')) },
      { path: paths.paymentCancel.path, lazy: page(() => import('./routes/payment-cancel')) },
      {
        path: paths.staffCertificate.path,
        lazy: page(() => import('./routes/staff-certificate')),
      },
      { path: paths.verifyCertificate.path, lazy: page(() => import('./routes/verify')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/**
 * The router of the page's URL. Creating it starts loading the route's module, so `main.tsx`
 * creates it first, before it waits for the language. Not created at import, so tests can
 * import the route table without a browser URL.
 */
export function startRouter(): AppRouterInstance {
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
