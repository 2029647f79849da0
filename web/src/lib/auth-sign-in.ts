/**
 * The Auth SDK calls that sign somebody in (`auth.ts` loads this module on the login page): a
 * page where a donor is already signed in never downloads them.
 */
import {
  browserPopupRedirectResolver,
  EmailAuthProvider,
  FacebookAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signInWithPopup,
  type Auth,
} from 'firebase/auth';

export type ExternalProvider = 'google' | 'facebook' | 'apple';

export { browserPopupRedirectResolver as popupResolver };

function providerOf(provider: ExternalProvider) {
  const instance =
    provider === 'google'
      ? new GoogleAuthProvider()
      : provider === 'facebook'
        ? new FacebookAuthProvider()
        : new OAuthProvider('apple.com');
  if (provider !== 'facebook') instance.addScope('email');
  return instance;
}

export async function providerPopup(auth: Auth, provider: ExternalProvider): Promise<void> {
  const instance = providerOf(provider);
  // The resolver named here too: Auth may have started without it (`auth-instance.ts`).
  await signInWithPopup(auth, instance, browserPopupRedirectResolver);
}

export async function emailSignIn(auth: Auth, email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email, password);
}

/** Firebase Auth's e-mail with the link that proves the signed-in account's address. */
export async function verificationEmail(auth: Auth, verifiedUrl: string): Promise<void> {
  if (auth.currentUser) await sendEmailVerification(auth.currentUser, { url: verifiedUrl });
}

/**
 * The signed-in donor proves again who they are (before erasing the account): their password,
 * or their provider's popup. The ID token after it carries a new `auth_time`.
 */
export async function reauthenticate(
  auth: Auth,
  proof: { password: string } | { provider: ExternalProvider },
): Promise<void> {
  const user = auth.currentUser;
  if (!user) throw new Error('nobody is signed in');
  if ('password' in proof) {
    await reauthenticateWithCredential(
      user,
      EmailAuthProvider.credential(user.email ?? '', proof.password),
    );
  } else {
    await reauthenticateWithPopup(user, providerOf(proof.provider), browserPopupRedirectResolver);
  }
}
