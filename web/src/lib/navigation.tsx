/**
 * Links and navigation: the one module that knows the router. The router is wouter (about 2 KB
 * gzip against react-router's 30: the home page's byte budget, docs/architecture.md "What a
 * visit costs"); the rest of the app sees these few shapes only.
 *
 * The URL is the browser's (`history`): a navigation's `state` (e.g. where to go back after
 * signing in) lives in `history.state`, so it survives a reload of that page.
 */
import type { AnchorHTMLAttributes } from 'react';
import {
  Link as RouterLink,
  Redirect,
  useLocation as useRouterLocation,
  useParams as useRouterParams,
  useSearch,
} from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept with the new entry (`useLocation().state`). */
  state?: unknown;
}

export interface Location {
  pathname: string;
  /** `?a=1`, or '' when there is none. */
  search: string;
  state: unknown;
}

export function useLocation(): Location {
  const [pathname] = useRouterLocation();
  const search = useSearch();
  const state: unknown = useHistoryState();
  return { pathname, search: search ? `?${search}` : '', state };
}

/** The function that navigates; the same function across renders. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return useRouterLocation()[1];
}

export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useSearch());
}

/** The route's parameters, decoded (`/verificar/A%20B` gives `A B`). */
export function useParams(): Record<string, string | undefined> {
  const raw = useRouterParams<Record<string, string | undefined>>();
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [
      name,
      value === undefined ? value : decoded(value),
    ]),
  );
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
}

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string } & NavigateOptions;

/**
 * A link inside the site: navigates without reloading the page. A link that opens elsewhere (a
 * `target` other than this tab) stays a plain link, as does a click with a modifier key.
 */
export function Link({ to, replace, state, target, ...props }: LinkProps) {
  if (target && target !== '_self') return <a href={to} target={target} {...props} />;
  return <RouterLink href={to} replace={replace} state={state} target={target} {...props} />;
}
