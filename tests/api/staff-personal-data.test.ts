/**
 * Staff read donors' personal data only through the API, and each look is recorded: a staff ID
 * token gets nothing of `users` or `erased_donors` from Firestore's REST API (the browser's way
 * in), while the API's search and donor's page answer and leave a `search-donors` or
 * `view-donor` action naming what was looked at. Through Hosting -> Functions -> our Firestore
 * with the rules enforced, and real Auth emulator tokens.
 */
import { PROJECT_ID } from '@parroquia/testkit/local-stack';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { apiAs } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const db = () => adminFirestore(inject('firestoreHost'));
let staff = '';
const { get } = apiAs(siteUrl, () => staff);

beforeAll(async () => {
  staff = await idTokenOf(inject('authHost'), DEMO.staff);
});

/** Firestore's REST API as a staff browser would call it, rules applied. */
function restAsStaff(path: string): Promise<Response> {
  return fetch(
    `http://${inject('firestoreHost')}/v1/projects/${PROJECT_ID}/databases/(default)/documents/${path}`,
    { headers: { Authorization: `Bearer ${staff}` } },
  );
}

async function newestAction(kind: string) {
  const found = await db()
    .collection('staff_actions')
    .where('action', '==', kind)
    .orderBy('at', 'desc')
    .limit(1)
    .get();
  return found.docs[0]?.data();
}

describe("staff read donors' data only through the API, recorded", () => {
  it('a staff token lists neither users nor erased_donors, nor gets a donor profile', async () => {
    await db()
      .collection('erased_donors')
      .doc('erased-probe')
      .set({ name: 'Borrada', email: 'b@x.es' });
    for (const path of [
      'users',
      'erased_donors',
      `users/${DEMO.ana.uid}`,
      'erased_donors/erased-probe',
    ]) {
      const answer = await restAsStaff(path);
      expect(answer.status, path).toBe(403);
    }
    // The panel's own data is still theirs.
    expect((await restAsStaff('staff_actions?pageSize=1')).status).toBe(200);
    expect((await restAsStaff('campaign/ledger')).status).not.toBe(403);
  });

  it("a search and a donor's page are answered and recorded: who looked, for what, how many", async () => {
    const before = Date.now() - 1000;
    const found = await get(`/api/staff/donors/?q=${encodeURIComponent('ana@parroquia.test')}`);
    expect(found.status).toBe(200);
    const donors = ((await found.json()) as { donors: unknown[] }).donors;
    const searched = await newestAction('search-donors');
    expect(searched).toMatchObject({
      staff: DEMO.staff.uid,
      details: { query: { q: 'ana@parroquia.test' }, rows: donors.length },
    });
    expect(searched!.at.toMillis()).toBeGreaterThanOrEqual(before);

    const opened = await get(`/api/staff/donors/person/?id=${DEMO.ana.uid}`);
    expect(opened.status).toBe(200);
    expect(await newestAction('view-donor')).toMatchObject({
      staff: DEMO.staff.uid,
      details: { query: { id: DEMO.ana.uid }, rows: 1 },
    });

    // Both show on the record staff read, under their own kind.
    const listed = await get('/api/staff/actions/?kind=view-donor');
    expect(listed.status).toBe(200);
    const { actions } = (await listed.json()) as { actions: Array<{ action: string }> };
    expect(actions[0]?.action).toBe('view-donor');
  });

  it('a page that does not exist is not recorded as viewed', async () => {
    const newest = await newestAction('view-donor');
    const missing = await get('/api/staff/donors/person/?id=nobody-at-all');
    expect(missing.status).toBe(404);
    expect((await newestAction('view-donor'))?.at.toMillis()).toBe(newest?.at.toMillis());
  });
});
