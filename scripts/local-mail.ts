/**
 * `npm start`'s mail path (docs/local-stack.md): MailDev's inbox on http://localhost:1080 and the
 * relay that delivers the `mail` collection and the Auth emulator's password reset links to it.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startMailCatcher, startMailRelay } from '@parroquia/mail-emulator';
import { PROJECT_ID } from '@parroquia/testkit/local-stack';

export const MAIL_PORTS = { smtp: 1025, web: 1080 } as const;

/** Starts both against the stack's emulators (its `FIRESTORE_EMULATOR_HOST` and Auth host). */
export async function startLocalMail(stackEnv: Record<string, string>) {
  process.env.FIRESTORE_EMULATOR_HOST = stackEnv.FIRESTORE_EMULATOR_HOST;
  const catcher = await startMailCatcher(MAIL_PORTS);
  const app = initializeApp({ projectId: PROJECT_ID }, 'mail-relay');
  const relay = startMailRelay({
    firestore: getFirestore(app),
    authUrl: `http://${stackEnv.FIREBASE_AUTH_EMULATOR_HOST}`,
    projectId: PROJECT_ID,
    smtpPort: MAIL_PORTS.smtp,
    log: (line) => console.log(`> ${line}`),
  });
  return {
    inboxUrl: catcher.inboxUrl,
    async stop() {
      await relay.stop();
      await deleteApp(app);
      await catcher.stop();
    },
  };
}
