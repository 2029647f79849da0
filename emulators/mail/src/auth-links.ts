/**
 * The Auth emulator's e-mail links (`GET /emulator/v1/projects/{project}/oobCodes`) as the
 * e-mails Firebase Auth would send. Production sends its own template, in the language the
 * SDK asked for (`auth.languageCode`, the site's); the emulator keeps no language, so this one
 * says it in the site's three languages. Its link opens the emulator's action page, which proves
 * the address and then goes back to the site (docs/local-stack.md).
 */
export interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/**
 * Only the verification link: the site asks the API for a password reset (issue 30), which has
 * Auth make the link without mailing it and queues the parish's own e-mail in `mail`; mailing
 * those links here too would send every reset twice.
 */
const SUBJECTS: Record<string, string> = {
  VERIFY_EMAIL: 'Verifica tu correo · Verify your e-mail · Verificați adresa de e-mail',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function authEmulatorMail(
  code: OobCode,
): { subject: string; text: string; html: string } | null {
  const subject = SUBJECTS[code.requestType];
  if (!subject) return null;
  const link = code.oobLink;
  const lines = [link, '(Auth emulator, local stack)'];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: lines
      .map((line) =>
        line === link
          ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(line)}</p>`,
      )
      .join('\n'),
  };
}
