/**
 * Where a visitor sent to sign in (or to accept the privacy policy) goes afterwards
 * (docs/screens.md): the path kept in the history state as `returnTo`, home when there is none.
 * The sign-up e-mail's link (issue 30) opens /login in another tab, without that state: it
 * carries the path as `?returnTo=` instead (`returnPathAt`).
 */
import { paths } from '@/config/paths';

export function returnPathOf(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state;
    // Only paths of this site: never an absolute URL someone slipped into the state.
    if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')) {
      // Never back to a step of signing in itself.
      const step = [paths.login.getHref(), paths.postLogin.getHref()].some((path) =>
        returnTo.startsWith(path),
      );
      return step ? paths.home.getHref() : returnTo;
    }
  }
  return paths.home.getHref();
}

/** `returnPathOf` the history state, else of the address's `?returnTo=` (the e-mail's link). */
export function returnPathAt(location: { state: unknown; search: string }): string {
  if (location.state != null) return returnPathOf(location.state);
  const fromLink = new URLSearchParams(location.search).get('returnTo');
  return returnPathOf(fromLink ? { returnTo: fromLink } : null);
}
