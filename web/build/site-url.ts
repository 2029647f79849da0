/**
 * The site's own address, known at build time only (`VITE_SITE_URL`): robots.txt and
 * sitemap.xml must name it in full. A production build also checks that Firebase Auth's
 * `authDomain` is the site itself: the Content-Security-Policy of firebase.json lets the page
 * frame only its own origin, and popup sign-in frames the auth domain's `/__/auth/iframe`.
 */

/** `npm start`'s address, for a local build that does not say (the stacks always say). */
const LOCAL_SITE_URL = 'http://localhost:5000';

type BuildEnv = Record<string, string | undefined>;

export function siteUrlFor(env: BuildEnv): string {
  const emulators = env.VITE_USE_EMULATORS === 'true';
  const given = env.VITE_SITE_URL;
  if (!given) {
    if (emulators) return LOCAL_SITE_URL;
    throw new Error(
      'VITE_SITE_URL is not set: put the site address (https://...) in web/.env.production (docs/deploy.md).',
    );
  }
  const url = URL.canParse(given) ? new URL(given) : undefined;
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    `${url.pathname}${url.search}${url.hash}` !== '/'
  ) {
    throw new Error(`VITE_SITE_URL must be an origin such as https://example.org, not ${given}`);
  }
  if (!emulators && env.VITE_FIREBASE_AUTH_DOMAIN !== url.host) {
    throw new Error(
      `VITE_FIREBASE_AUTH_DOMAIN must be the site's own host, ${url.host} (it is ` +
        `${env.VITE_FIREBASE_AUTH_DOMAIN ?? 'unset'}): firebase.json's Content-Security-Policy ` +
        `frames only the site itself, and popup sign-in frames the auth domain (docs/deploy.md).`,
    );
  }
  return url.origin;
}
