/**
 * E-mail sign-up that says nothing of who has an account (docs/product.md, "Who has an account is
 * not told"). A new address gets an account at once, with the name and password given, but under
 * a placeholder address (`pendingSignUpAddress`), so signing in with the real one fails exactly
 * as a wrong password does until the donor opens the link the parish mails; the link's code
 * (only its hash kept, in `sign_up_confirmations`) then moves the account to its address,
 * proven. Auth hashes the password as for any account: nothing of it is kept by us. An address
 * that already has an account gets a note saying so instead, and its account is not touched.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existingAccountMail,
  isPendingSignUpAddress,
  pendingSignUpAddress,
  SIGN_UP_LINK_MS,
  signUpConfirmationLink,
  signUpVerificationMail,
  type MailMessage,
} from '@parroquia/domain';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { SignUpMailer } from '../ports/sign-in';
import { mailFrom } from './mail-sender';

function authCode(error: unknown): unknown {
  return ((error ?? {}) as { code?: unknown }).code;
}

/** The stored name of a code: its SHA-256, so the collection gives no working link away. */
const codeKey = (code: string) => createHash('sha256').update(code).digest('hex');

export function firebaseSignUps(auth: () => Auth, db: () => Firestore): SignUpMailer {
  const confirmations = () => db().collection('sign_up_confirmations');

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

  /** Whether an account has `email`; `invalid` for an address Auth refuses outright. */
  async function accountOf(email: string): Promise<boolean | 'invalid'> {
    try {
      await auth().getUserByEmail(email);
      return true;
    } catch (error) {
      if (authCode(error) === 'auth/user-not-found') return false;
      // An address Auth refuses has no account: saying so tells nothing of anyone.
      if (authCode(error) === 'auth/invalid-email') return 'invalid';
      throw error;
    }
  }

  /** The account still waiting for a link to `email`, if a sign-up made one in the last days. */
  async function waitingAccount(email: string, now: number): Promise<string | null> {
    const found = await confirmations().where('email', '==', email).get();
    const live = found.docs.find((doc) => (doc.get('expires_at') as Timestamp).toMillis() > now);
    return live ? (live.get('uid') as string) : null;
  }

  return {
    async signUp({ email, password, name, language, loginUrl }) {
      const existing = await accountOf(email);
      if (existing === 'invalid') return 'email-invalid';
      if (existing) {
        await queue(email, 'sign-up-existing', existingAccountMail(language, loginUrl));
        return 'requested';
      }
      const now = Date.now();
      // Asked again before the link was opened: the same account, with its first password.
      const uid =
        (await waitingAccount(email, now)) ??
        (
          await auth().createUser({
            email: pendingSignUpAddress(randomBytes(12).toString('hex')),
            password,
            displayName: name,
            emailVerified: false,
          })
        ).uid;
      const code = randomBytes(32).toString('base64url');
      await confirmations()
        .doc(codeKey(code))
        .create({
          uid,
          email,
          created_at: Timestamp.fromMillis(now),
          expires_at: Timestamp.fromMillis(now + SIGN_UP_LINK_MS),
        });
      const link = signUpConfirmationLink(loginUrl, code, language);
      await queue(email, 'sign-up-verify', signUpVerificationMail(language, name, link));
      return 'requested';
    },

    async confirm(code, now) {
      const stored = await confirmations().doc(codeKey(code)).get();
      if (!stored.exists || (stored.get('expires_at') as Timestamp).toMillis() <= now) {
        return 'expired';
      }
      const uid = stored.get('uid') as string;
      const email = stored.get('email') as string;
      const used = await confirmations().where('uid', '==', uid).get();
      try {
        await auth().updateUser(uid, { email, emailVerified: true });
      } catch (error) {
        // Another sign-up of the address was confirmed first, or a provider took it: that
        // account stands; this one never could sign in, and goes.
        if (authCode(error) !== 'auth/email-already-exists') throw error;
        await auth()
          .deleteUser(uid)
          .catch(() => undefined);
        await Promise.all(used.docs.map((doc) => doc.ref.delete()));
        return 'existing';
      }
      await Promise.all(used.docs.map((doc) => doc.ref.delete()));
      return 'confirmed';
    },

    async dropExpired(now) {
      const lapsed = await confirmations()
        .where('expires_at', '<=', Timestamp.fromMillis(now))
        .get();
      const uids = new Set(lapsed.docs.map((doc) => doc.get('uid') as string));
      for (const uid of uids) {
        // Only an account still waiting: one whose link was opened has its address by now.
        const account = await auth()
          .getUser(uid)
          .catch(() => null);
        if (account && isPendingSignUpAddress(account.email)) await auth().deleteUser(uid);
      }
      await Promise.all(lapsed.docs.map((doc) => doc.ref.delete()));
      return uids.size;
    },
  };
}
