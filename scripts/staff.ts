/**
 * `npm run staff -- grant|revoke|list [email] [--project <id>]`: who is staff. Sets or removes
 * the custom claim `staff: true` (the only staff flag the API trusts) and mirrors it as
 * `is_staff` on `users/{uid}` for the web app.
 *
 * Without `--project` it talks to the local emulators (`npm start`'s ports, or the hosts in
 * FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST). With `--project <id>` it talks to that
 * real Firebase project with Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS
 * pointing at a service account key, or `gcloud auth application-default login`).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DEFAULT_PORTS, PROJECT_ID } from '@parroquia/testkit/local-stack';

const USAGE = `Usage: npm run staff -- grant <email> | revoke <email> | list  [--project <id>]

  grant <email>    give the account staff rights (custom claim staff: true, users/{uid}.is_staff)
  revoke <email>   take them away
  list             every account with staff rights
  --project <id>   a real Firebase project (Application Default Credentials) instead of the
                   local emulators`;

export interface StaffCommand {
  action: 'grant' | 'revoke' | 'list';
  email: string | null;
  project: string | null;
}

export function parseStaffCommand(args: readonly string[]): StaffCommand | string {
  const rest = [...args];
  let project: string | null = null;
  const flag = rest.indexOf('--project');
  if (flag !== -1) {
    project = rest[flag + 1] ?? null;
    if (!project || project.startsWith('-')) return '--project needs a project id.';
    rest.splice(flag, 2);
  }
  const [action, email, ...extra] = rest;
  if (extra.length > 0) return `Unexpected arguments: ${extra.join(' ')}`;
  if (action === 'list') {
    return email === undefined ? { action, email: null, project } : 'list takes no e-mail.';
  }
  if (action === 'grant' || action === 'revoke') {
    if (!email || !email.includes('@')) return `${action} needs the account's e-mail.`;
    return { action, email: email.trim().toLowerCase(), project };
  }
  return USAGE;
}

interface Admin {
  app: App;
  auth: Auth;
  db: Firestore;
  target: string;
}

function connect(project: string | null): Admin {
  if (project) {
    // A real project: never let a leftover emulator variable send the change somewhere else.
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
  } else {
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.auth}`;
    process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${DEFAULT_PORTS.firestore}`;
    // Local only: keep google-auth-library from probing for a cloud metadata server.
    process.env.METADATA_SERVER_DETECTION ??= 'none';
  }
  const app = initializeApp({ projectId: project ?? PROJECT_ID }, `staff-cli-${Date.now()}`);
  const target = project
    ? `project ${project}`
    : `local emulators (Auth ${process.env.FIREBASE_AUTH_EMULATOR_HOST}, Firestore ${process.env.FIRESTORE_EMULATOR_HOST})`;
  return { app, auth: getAuth(app), db: getFirestore(app), target };
}

async function setStaff(admin: Admin, email: string, staff: boolean): Promise<string> {
  let user: UserRecord;
  try {
    user = await admin.auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') {
      throw new Error(`No account with the e-mail ${email}. The person must sign in once first.`, {
        cause: error,
      });
    }
    throw error;
  }
  // Other claims the account may carry are kept.
  const claims: Record<string, unknown> = { ...(user.customClaims ?? {}) };
  if (staff) claims.staff = true;
  else delete claims.staff;
  await admin.auth.setCustomUserClaims(user.uid, claims);
  // Demoted: the ID tokens already issued still carry `staff: true` for up to an hour. Revoking
  // them (as logout does) makes the API refuse them at once (it checks revocation), and the
  // profile's `is_staff: false` below makes firestore.rules refuse them in the browser.
  if (!staff) await admin.auth.revokeRefreshTokens(user.uid);

  const profile = admin.db.collection('users').doc(user.uid);
  const mirrored = await admin.db.runTransaction(async (tx) => {
    if (!(await tx.get(profile)).exists) return false;
    tx.update(profile, { is_staff: staff });
    return true;
  });
  const verb = staff ? 'now has' : 'no longer has';
  return [
    `${email} (${user.uid}) ${verb} staff rights on the ${admin.target}.`,
    mirrored
      ? 'users/{uid}.is_staff updated.'
      : 'No users/{uid} profile yet: the web app shows the flag once the account has signed in and synced.',
    staff
      ? 'It takes effect when the account next refreshes its ID token (signing in again, or within the hour).'
      : 'Its sessions are revoked: it takes effect at once, and the account signs in again.',
  ].join('\n');
}

async function listStaff(admin: Admin): Promise<string> {
  const lines: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await admin.auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      if (user.customClaims?.staff !== true) continue;
      const profile = await admin.db.collection('users').doc(user.uid).get();
      const mirror = profile.exists
        ? profile.get('is_staff') === true
          ? ''
          : '  (users/{uid}.is_staff is not set: run grant again)'
        : '  (no profile yet)';
      lines.push(`${user.email ?? '(no e-mail)'}  ${user.uid}${mirror}`);
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return lines.length > 0
    ? `Staff on the ${admin.target}:\n${lines.sort().join('\n')}`
    : `No staff on the ${admin.target}.`;
}

export async function runStaffCommand(command: StaffCommand): Promise<string> {
  const admin = connect(command.project);
  try {
    if (command.action === 'list') return await listStaff(admin);
    return await setStaff(admin, command.email!, command.action === 'grant');
  } finally {
    await deleteApp(admin.app);
  }
}

async function main() {
  const command = parseStaffCommand(process.argv.slice(2));
  if (typeof command === 'string') {
    console.error(command);
    process.exit(2);
  }
  console.log(await runStaffCommand(command));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(message);
    if (message.includes('ECONNREFUSED')) {
      console.error(
        'Are the local emulators running? Start them with "npm start" (or pass --project).',
      );
    }
    process.exit(1);
  });
}
