/**
 * The route table. Every page is a lazy module, so the home page downloads only what it shows
 * (the map's Firestore SDK stays out of it).
 */
import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
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
        lazy: page(() => import('./routes/legal/privacy-policy')),
      },
      {
        path: paths.cookiePolicy.path,
        lazy: page(() => import('./routes/legal/cookie-policy')),
      },
      { path: paths.legalNotice.path, lazy: page(() => import('./routes/legal/legal-notice')) },
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

export function AppRouter() {
  // Created on mount, not at import, so tests can import the route table without a browser URL.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
