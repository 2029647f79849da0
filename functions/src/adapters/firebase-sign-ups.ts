/**
 * E-mail sign-up that says nothing of who has an account (issue 30): the Admin SDK creates the
 * account and makes the link that proves its address; the parish writes the e-mail in the
 * donor's language and queues it in `mail` like every donor e-mail. An address that already has
 * an account gets a note saying so instead, and its account is not touched.
 */
import { randomBytes } from 'node:crypto';
import { existingAccountMail, signUpVerificationMail, type MailMessage } from '@parroquia/domain';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { ApiError } from '../api/http';
import { MESSAGES } from '@parroquia/domain';
import type { SignUpMailer } from '../ports';
import { mailFrom } from './mail-sender';

function authCode(error: unknown): unknown {
  return ((error ?? {}) as { code?: unknown }).code;
}

export function firebaseSignUps(auth: () => Auth, db: () => Firestore): SignUpMailer {
  async function queue(to: string, kind: string, mail: MailMessage): Promise<void> {
    const { sender, ...message } = mail;
    const from = mailFrom(sender);
    await db()
      .collection('mail')
      .doc(`${kind}-${randomBytes(12).toString('hex')}`)
      .create({
        to,
        ...(from ? { from } : {}),
        message,
        created_at: FieldValue.serverTimestamp(),
      });
  }

  return {
    async signUp({ email, password, name, language, loginUrl }) {
      let created: boolean;
      try {
        await auth().createUser({ email, password, displayName: name, emailVerified: false });
        created = true;
      } catch (error) {
        // Another request may have created it a moment ago: the same as an existing account.
        if (authCode(error) === 'auth/email-already-exists') created = false;
        // An address Auth refuses has no account: saying so tells nothing of anyone.
        else if (authCode(error) === 'auth/invalid-email')
          throw new ApiError(400, MESSAGES.emailInvalid);
        else throw error;
      }
      if (!created) {
        await queue(email, 'sign-up-existing', existingAccountMail(language, loginUrl));
        return;
      }
      const link = await auth().generateEmailVerificationLink(email, { url: loginUrl });
      // The emulator's link names no language; Firebase's action page then asks the browser.
      const localised = new URL(link);
      localised.searchParams.set('lang', language);
      await queue(
        email,
        'sign-up-verify',
        signUpVerificationMail(language, name, localised.toString()),
      );
    },
  };
}
