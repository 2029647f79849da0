/** The site's address for the links in the donor e-mails (`SITE_URL`, docs/deploy.md). */
export function mailSiteUrl(): string {
  return (process.env.SITE_URL ?? '').replace(/\/$/, '');
}
