/**
 * The route table. Every page is a lazy module, so the home page downloads only what it shows
 * (later, the map's Firestore SDK stays out of it).
 */
import { useState, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from './routes/root';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
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
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export function AppRouter() {
  // Created on mount, not at import, so tests can import the route table without a browser URL.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
