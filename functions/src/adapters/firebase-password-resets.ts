/**
 * The password reset e-mail (issue 30): Auth makes the link (Admin SDK), the parish writes the
 * e-mail in the donor's language and queues it in `mail` like every donor e-mail, so it goes
 * from the parish's sender and the API decides how often one may be asked for.
 */
import { randomBytes } from 'node:crypto';
import { passwordResetMail } from '@parroquia/domain';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { PasswordResetMailer } from '../ports/sign-in';
import { mailFrom } from './mail-sender';

/** Auth's answer for an address without an account. */
function isNoSuchAccount(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === 'auth/user-not-found';
}

export function firebasePasswordResets(auth: () => Auth, db: () => Firestore): PasswordResetMailer {
  return {
    async mailResetLink(email, language, continueUrl) {
      // Asked first: with enumeration protection on, Auth makes no link for an unknown address
      // and the Admin SDK then fails with a generic error instead of saying why.
      try {
        await auth().getUserByEmail(email);
      } catch (error) {
        if (isNoSuchAccount(error)) return;
        throw error;
      }
      const link = await auth().generatePasswordResetLink(email, { url: continueUrl });
      // The emulator's link names no language; Firebase's action page then asks the browser.
      const localised = new URL(link);
      localised.searchParams.set('lang', language);
      const { sender, ...message } = passwordResetMail(language, localised.toString());
      const from = mailFrom(sender);
      await db()
        .collection('mail')
        .doc(`password-reset-${randomBytes(12).toString('hex')}`)
        .create({
          to: email,
          ...(from ? { from } : {}),
          message,
          created_at: FieldValue.serverTimestamp(),
        });
    },
  };
}
