/**
 * Seeds the local stack: the demo accounts (the committed Auth export), one `cells/{code}`
 * document per plot of the layout (only those missing, so a restart keeps what donors did), the
 * demo donors' profiles and the ledger entries of their plots.
 */
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, Timestamp, getFirestore } from 'firebase-admin/firestore';
import {
  RESERVATION_DURATION_MS,
  availableCell,
  checkoutTotalCents,
  donationEntry,
  donorDisplay,
  layoutPlots,
  mailboxKey,
  nameSearchPrefixes,
  parsePlotCode,
  readCellDocument,
  ledgerSearchWords,
  readLedgerRow,
  recountProgress,
  recountSummary,
  writeCellDocument,
  type Cell,
} from '@parroquia/domain';
import { PROJECT_ID, ROOT } from './project.ts';

export interface Seed {
  layout: { excluded: string[] };
  /** Plots bought (or reserved) by demo donors; every other plot starts available. */
  plots?: { taken: Array<{ code: string; status: 'bought' | 'reserved'; user: string }> };
  users: Array<{
    uid: string;
    name: string;
    email: string;
    personal_code: string;
    is_anonymous_donor: boolean;
    accepted_privacy_policy: boolean;
    is_staff: boolean;
  }>;
}

export function readSeed(): Seed {
  return JSON.parse(readFileSync(join(ROOT, 'emulator-data/seed.json'), 'utf8')) as Seed;
}

export async function seedStack(env: Record<string, string>, seed: Seed) {
  // Local only: keep google-auth-library from probing for a cloud metadata server.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  process.env.FIRESTORE_EMULATOR_HOST = env.FIRESTORE_EMULATOR_HOST;
  const app = initializeApp({ projectId: PROJECT_ID }, `seed-${Date.now()}`);
  try {
    const db = getFirestore(app);
    const existing = new Set((await db.collection('cells').listDocuments()).map((ref) => ref.id));
    const excluded = seed.layout.excluded.map((code) => parsePlotCode(code));
    const missing = layoutPlots(excluded).filter((plot) => !existing.has(plot.code));
    const takenPlots = new Map(
      (seed.plots?.taken ?? []).map((taken) => {
        const donor = seed.users.find((user) => user.uid === taken.user);
        if (!donor) throw new Error(`seed: plot ${taken.code} names an unknown user ${taken.user}`);
        const holding: Partial<Cell> = {
          status: taken.status,
          user: taken.user,
          donor_display: donorDisplay(donor),
          // A seeded reservation gets the usual 30 days from the first start.
          reserved_until: taken.status === 'reserved' ? Date.now() + RESERVATION_DURATION_MS : null,
        };
        return [taken.code, holding] as const;
      }),
    );
    for (let i = 0; i < missing.length; i += 400) {
      const batch = db.batch();
      for (const plot of missing.slice(i, i + 400)) {
        batch.create(
          db.collection('cells').doc(plot.code),
          writeCellDocument(
            { ...availableCell(plot), ...takenPlots.get(plot.code) },
            {
              instant: (millis) => Timestamp.fromMillis(millis),
              serverTime: () => FieldValue.serverTimestamp(),
            },
          ),
        );
      }
      await batch.commit();
    }
    await seedLedger(db, seed, new Set(missing.map((plot) => plot.code)));
    await seedProgress(db, missing.length > 0);

    let usersCreated = 0;
    for (const user of seed.users) {
      const created = await db.runTransaction(async (tx) => {
        const ref = db.collection('users').doc(user.uid);
        if ((await tx.get(ref)).exists) return false;
        const { uid, ...profile } = user;
        // The shapes of docs/data-model.md, as the API writes them at sign-up and consent.
        tx.create(ref, {
          ...profile,
          mailboxes: [mailboxKey(profile.email)],
          name_search: nameSearchPrefixes(profile.name),
          sub: uid,
          created_at: FieldValue.serverTimestamp(),
          ...(profile.accepted_privacy_policy
            ? { privacy_policy_accepted_at: FieldValue.serverTimestamp() }
            : {}),
        });
        tx.create(db.collection('personal_codes').doc(user.personal_code), {
          uid,
          created_at: FieldValue.serverTimestamp(),
        });
        return true;
      });
      if (created) usersCreated += 1;
    }
    return { cellsCreated: missing.length, usersCreated };
  } finally {
    await deleteApp(app);
  }
}

/**
 * `campaign/progress` and `campaign/ledger` from a recount of the plots and the ledger, when
 * either is missing or plots were just added; otherwise the transactions that changed plots and
 * wrote ledger rows since kept them (docs/data-model.md).
 */
async function seedProgress(db: ReturnType<typeof getFirestore>, plotsAdded: boolean) {
  await db.runTransaction(async (tx) => {
    const progressRef = db.collection('campaign').doc('progress');
    const summaryRef = db.collection('campaign').doc('ledger');
    // Every start reads two documents; the plots and the ledger only when a recount is due.
    const [progress, summary] = await tx.getAll(progressRef, summaryRef);
    if (progress!.exists && summary!.exists && !plotsAdded) return;
    const cells = await tx.get(db.collection('cells'));
    const ledger = (await tx.get(db.collection('donations'))).docs.map((doc) =>
      readLedgerRow(doc.id, doc.data()),
    );
    const readings = cells.docs.map((doc) => readCellDocument(doc.id, doc.data()));
    const counts = recountProgress(
      readings.flatMap((reading) => (reading.ok ? [reading.cell] : [])),
      ledger,
    );
    tx.set(progressRef, {
      ...counts,
      plots_total: cells.size,
      updated_at: FieldValue.serverTimestamp(),
    });
    tx.set(summaryRef, {
      months: recountSummary(ledger),
      updated_at: FieldValue.serverTimestamp(),
    });
  });
}

/**
 * The demo donors' plots were paid for, as every taken plot is: by bank transfer to the parish,
 * one ledger entry per donor and kind, written with the plots on the first start only.
 */
async function seedLedger(
  db: ReturnType<typeof getFirestore>,
  seed: Seed,
  createdPlots: ReadonlySet<string>,
) {
  const groups = new Map<
    string,
    { user: string; status: 'bought' | 'reserved'; plots: string[] }
  >();
  for (const taken of seed.plots?.taken ?? []) {
    if (!createdPlots.has(taken.code)) continue;
    const key = `${taken.user}-${taken.status}`;
    const group = groups.get(key) ?? { user: taken.user, status: taken.status, plots: [] };
    group.plots.push(taken.code);
    groups.set(key, group);
  }
  for (const [key, group] of groups) {
    const donor = seed.users.find((user) => user.uid === group.user)!;
    const kind = group.status === 'bought' ? 'buy' : 'reserve';
    const entry = donationEntry({
      method: 'transfer',
      kind,
      donor: { uid: donor.uid, email: donor.email, name: donor.name },
      plots: group.plots,
      amountCents: checkoutTotalCents(kind, group.plots.length),
      at: Date.now(),
      recordedBy: 'staff-demo',
    });
    await db
      .collection('donations')
      .doc(`seed-${key}`)
      .set({
        ...entry,
        created_at: Timestamp.fromMillis(entry.created_at),
        search: ledgerSearchWords(entry),
      });
  }
}

/**
 * Gives a state folder the committed seed's Auth export (the demo accounts), unless it already
 * holds an export of its own from an earlier run.
 */
export function provideSeedAuth(stateDir: string): void {
  const firebaseState = join(stateDir, 'firebase');
  if (existsSync(join(firebaseState, 'firebase-export-metadata.json'))) return;
  mkdirSync(firebaseState, { recursive: true });
  cpSync(
    join(ROOT, 'emulator-data/firebase-export-metadata.json'),
    join(firebaseState, 'firebase-export-metadata.json'),
  );
  cpSync(join(ROOT, 'emulator-data/auth_export'), join(firebaseState, 'auth_export'), {
    recursive: true,
  });
}

/**
 * Puts the committed seed's Auth accounts (the demo accounts, their passwords and claims) into
 * a running Auth emulator, after removing every account it holds: the same accounts a start
 * imports from the export (`provideSeedAuth`), through the emulator's own batch upload.
 */
export async function reseedAuth(authHost: string): Promise<void> {
  const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const cleared = await fetch(`http://${authHost}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'DELETE',
    headers: owner,
  });
  if (!cleared.ok) throw new Error(`the Auth emulator kept its accounts: ${cleared.status}`);
  const { users } = JSON.parse(
    readFileSync(join(ROOT, 'emulator-data/auth_export/accounts.json'), 'utf8'),
  ) as { users: unknown[] };
  const created = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchCreate`,
    { method: 'POST', headers: owner, body: JSON.stringify({ users }) },
  );
  const answer = (await created.json()) as { error?: unknown[] };
  if (!created.ok || answer.error?.length) {
    throw new Error(`the Auth emulator refused the seed accounts: ${JSON.stringify(answer)}`);
  }
}
