/**
 * The product's `firestore.rules`, every allow and every deny, through the web SDK with
 * `@firebase/rules-unit-testing`: anyone reads the map, a donor reads only their own profile,
 * staff (claim `staff: true`) read users, payments, donations and certificate codes, and no
 * client writes anything.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { rulesTargets } from './support/targets.ts';

const RULES = readFileSync(join(import.meta.dirname, '../../firestore.rules'), 'utf8');

for (const target of rulesTargets()) {
  describe(`firestore.rules on ${target.name === 'ours' ? 'our emulator' : "Google's emulator"}`, () => {
    let environment: RulesTestEnvironment;
    const signedOut = (): RulesTestContext => environment.unauthenticatedContext();
    const donor = (uid = 'ana'): RulesTestContext => environment.authenticatedContext(uid);
    const staff = (): RulesTestContext => environment.authenticatedContext('sara', { staff: true });
    /** A forged or mistaken claim: the string "true" is not the boolean the rules ask for. */
    const stringStaff = (): RulesTestContext =>
      environment.authenticatedContext('eve', { staff: 'true' });

    beforeAll(async () => {
      environment = await initializeTestEnvironment({
        projectId: `demo-rules-${target.name}-${process.pid}`,
        firestore: { host: target.host, port: target.port, rules: RULES },
      });
    });

    afterAll(async () => {
      await environment?.cleanup();
    });

    beforeEach(async () => {
      await environment.clearFirestore();
      await environment.withSecurityRulesDisabled(async (admin) => {
        const db = admin.firestore();
        await setDoc(doc(db, 'cells/K3'), { x: 'K', y: 3, status: 'available', user: null });
        await setDoc(doc(db, 'cells/A1'), { x: 'A', y: 1, status: 'bought', user: 'ion' });
        await setDoc(doc(db, 'campaign/progress'), { plots_bought: 1, plots_total: 936 });
        await setDoc(doc(db, 'campaign/secret'), { note: 'not for the public' });
        await setDoc(doc(db, 'campaign/ledger'), { months: {} });
        await setDoc(doc(db, 'users/ana'), { name: 'Ana', is_staff: false });
        await setDoc(doc(db, 'users/ion'), { name: 'Ion', is_staff: false });
        await setDoc(doc(db, 'payments/cs_1'), { user: 'ana', amount: 5000, status: 'paid' });
        await setDoc(doc(db, 'donations/d1'), { donor: 'ana', amount: 5000, method: 'card' });
        await setDoc(doc(db, 'certificate_codes/C0DE1234'), { user: null });
        await setDoc(doc(db, 'personal_codes/ABCD2345'), { uid: 'ana' });
        await setDoc(doc(db, 'stripe_events/evt_1'), { type: 'checkout.session.completed' });
        await setDoc(doc(db, 'staff_actions/a1'), { action: 'void', staff: 'staff-1' });
        await setDoc(doc(db, 'commemorations/ana'), {
          names: [{ name: 'Ioan', state: 'departed' }],
          on_certificate: true,
        });
        await setDoc(doc(db, 'erased_donors/ana'), { name: 'Ana', email: 'ana@example.com' });
        await setDoc(doc(db, 'settings/payments'), { payment_methods: ['card'] });
        await setDoc(doc(db, 'payment_links/abc123'), { uid: 'ana', state: 'open', plots: ['K3'] });
        await setDoc(doc(db, 'rate_limits/verify_0a1b_1767225600000'), {
          name: 'verify',
          count: 3,
        });
      });
    });

    describe('cells: anyone reads the map, nobody writes it', () => {
      it('a signed-out visitor gets a plot', async () => {
        await assertSucceeds(getDoc(doc(signedOut().firestore(), 'cells/K3')));
      });
      it('a signed-out visitor lists every plot (the map listener)', async () => {
        await assertSucceeds(getDocs(collection(signedOut().firestore(), 'cells')));
      });
      it('a donor lists plots with a filter', async () => {
        await assertSucceeds(
          getDocs(query(collection(donor().firestore(), 'cells'), where('status', '==', 'bought'))),
        );
      });
      it('a browser cannot write a plot status (denied)', async () => {
        await assertFails(
          updateDoc(doc(donor().firestore(), 'cells/K3'), { status: 'bought', user: 'ana' }),
        );
      });
      it('a signed-out browser cannot create a plot (denied)', async () => {
        await assertFails(
          setDoc(doc(signedOut().firestore(), 'cells/Z9'), { status: 'available' }),
        );
      });
      it('staff cannot write a plot from the browser either (denied)', async () => {
        await assertFails(setDoc(doc(staff().firestore(), 'cells/K3'), { status: 'reserved' }));
      });
      it('nobody deletes a plot (denied)', async () => {
        await assertFails(deleteDoc(doc(staff().firestore(), 'cells/K3')));
      });
    });

    describe('campaign: anyone reads the progress, nobody writes it', () => {
      it('a signed-out visitor gets the progress (the home page)', async () => {
        await assertSucceeds(getDoc(doc(signedOut().firestore(), 'campaign/progress')));
      });
      it('another campaign document is not public (denied)', async () => {
        await assertFails(getDoc(doc(signedOut().firestore(), 'campaign/secret')));
      });
      it("the ledger's totals are for staff: a donor and a visitor are denied", async () => {
        await assertSucceeds(getDoc(doc(staff().firestore(), 'campaign/ledger')));
        await assertFails(getDoc(doc(donor('ana').firestore(), 'campaign/ledger')));
        await assertFails(getDoc(doc(signedOut().firestore(), 'campaign/ledger')));
        await assertFails(setDoc(doc(staff().firestore(), 'campaign/ledger'), { months: {} }));
      });
      it('a browser cannot move the progress, not even staff (denied)', async () => {
        await assertFails(
          updateDoc(doc(staff().firestore(), 'campaign/progress'), { plots_bought: 936 }),
        );
        await assertFails(setDoc(doc(donor().firestore(), 'campaign/progress'), {}));
      });
    });

    describe('users: a donor reads only their own profile; staff read donors only through the API', () => {
      it('a donor gets their own profile', async () => {
        await assertSucceeds(getDoc(doc(donor('ana').firestore(), 'users/ana')));
      });
      it("a donor cannot get another donor's profile (denied)", async () => {
        await assertFails(getDoc(doc(donor('ana').firestore(), 'users/ion')));
      });
      it('a signed-out visitor cannot get a profile (denied)', async () => {
        await assertFails(getDoc(doc(signedOut().firestore(), 'users/ana')));
      });
      it('a donor cannot list all users (denied)', async () => {
        await assertFails(getDocs(collection(donor('ana').firestore(), 'users')));
      });
      it('a donor querying users by their own id is allowed', async () => {
        const users = collection(donor('ana').firestore(), 'users');
        await assertSucceeds(getDocs(query(users, where(documentId(), '==', 'ana'))));
      });
      it("a donor querying users by another donor's id is denied", async () => {
        const users = collection(donor('ana').firestore(), 'users');
        await assertFails(getDocs(query(users, where(documentId(), '==', 'ion'))));
      });
      it('a donor cannot list users by a field filter (denied)', async () => {
        const users = collection(donor('ana').firestore(), 'users');
        await assertFails(getDocs(query(users, where('name', '==', 'Ana'))));
      });
      it("staff cannot get another donor's profile from the browser (denied)", async () => {
        await assertFails(getDoc(doc(staff().firestore(), 'users/ion')));
      });
      it('staff cannot list users from the browser (denied)', async () => {
        await assertFails(getDocs(query(collection(staff().firestore(), 'users'), limit(50))));
      });
      it('staff get their own profile', async () => {
        await assertSucceeds(getDoc(doc(staff().firestore(), 'users/sara')));
      });
      it('a token whose staff claim is the string "true" cannot get another profile (denied)', async () => {
        await assertFails(getDoc(doc(stringStaff().firestore(), 'users/ana')));
      });
      it('a token whose staff claim is the string "true" cannot list users (denied)', async () => {
        await assertFails(getDocs(collection(stringStaff().firestore(), 'users')));
      });
      it('a donor cannot write their own profile from the browser (denied)', async () => {
        await assertFails(
          setDoc(doc(donor('ana').firestore(), 'users/ana'), { name: 'Ana', is_staff: true }),
        );
      });
      it('a donor cannot create a profile (denied)', async () => {
        await assertFails(setDoc(doc(donor('new').firestore(), 'users/new'), { name: 'New' }));
      });
      it('a donor cannot delete their profile from the browser (denied)', async () => {
        await assertFails(deleteDoc(doc(donor('ana').firestore(), 'users/ana')));
      });
    });

    for (const [collectionId, documentPath] of [
      ['payments', 'payments/cs_1'],
      ['donations', 'donations/d1'],
      ['certificate_codes', 'certificate_codes/C0DE1234'],
      ['staff_actions', 'staff_actions/a1'],
    ] as const) {
      describe(`${collectionId}: staff only, read only`, () => {
        it('staff get a document', async () => {
          await assertSucceeds(getDoc(doc(staff().firestore(), documentPath)));
        });
        it('staff list the collection', async () => {
          await assertSucceeds(getDocs(collection(staff().firestore(), collectionId)));
        });
        it('a donor cannot get a document, even their own (denied)', async () => {
          await assertFails(getDoc(doc(donor('ana').firestore(), documentPath)));
        });
        it('a donor cannot list the collection (denied)', async () => {
          await assertFails(getDocs(collection(donor('ana').firestore(), collectionId)));
        });
        it('a signed-out visitor cannot get a document (denied)', async () => {
          await assertFails(getDoc(doc(signedOut().firestore(), documentPath)));
        });
        it('a staff claim that is the string "true" is denied', async () => {
          await assertFails(getDoc(doc(stringStaff().firestore(), documentPath)));
        });
        it('staff cannot write from the browser (denied)', async () => {
          await assertFails(setDoc(doc(staff().firestore(), documentPath), { amount: 1 }));
        });
      });
    }

    describe('erased_donors: blocked data, no browser reads it, not even staff', () => {
      it('staff cannot get or list it (denied)', async () => {
        await assertFails(getDoc(doc(staff().firestore(), 'erased_donors/ana')));
        await assertFails(getDocs(collection(staff().firestore(), 'erased_donors')));
      });
      it('its former donor and a signed-out visitor cannot get it (denied)', async () => {
        await assertFails(getDoc(doc(donor('ana').firestore(), 'erased_donors/ana')));
        await assertFails(getDoc(doc(signedOut().firestore(), 'erased_donors/ana')));
      });
    });

    describe('payment_links: only the API reads them, by the hash of their token', () => {
      it('nobody gets or lists one, not its donor, not staff, not a visitor (denied)', async () => {
        for (const context of [donor('ana'), staff(), signedOut()]) {
          await assertFails(getDoc(doc(context.firestore(), 'payment_links/abc123')));
          await assertFails(getDocs(collection(context.firestore(), 'payment_links')));
        }
      });
      it('nobody writes one (denied)', async () => {
        await assertFails(
          setDoc(doc(donor('ana').firestore(), 'payment_links/mine'), {
            uid: 'ana',
            state: 'paid',
          }),
        );
      });
    });

    describe('staff_actions: append-only, and only the API appends', () => {
      const record = { action: 'void', staff: 'sara', at: new Date(), reason: 'x', plots: [] };
      for (const [who, context] of [
        ['a donor', () => donor('ana')],
        ['staff', () => staff()],
      ] as const) {
        it(`${who} cannot create an action, not even one naming themselves (denied)`, async () => {
          await assertFails(setDoc(doc(context().firestore(), 'staff_actions/new-1'), record));
        });
        it(`${who} cannot change an action, nor add a field to it (denied)`, async () => {
          const db = context().firestore();
          await assertFails(updateDoc(doc(db, 'staff_actions/a1'), { reason: 'changed' }));
          await assertFails(setDoc(doc(db, 'staff_actions/a1'), { note: 1 }, { merge: true }));
        });
        it(`${who} cannot delete an action (denied)`, async () => {
          await assertFails(deleteDoc(doc(context().firestore(), 'staff_actions/a1')));
        });
      }
      it('a signed-out visitor can neither read nor write one (denied)', async () => {
        await assertFails(getDoc(doc(signedOut().firestore(), 'staff_actions/a1')));
        await assertFails(setDoc(doc(signedOut().firestore(), 'staff_actions/new-2'), record));
      });
      it('staff read an action and list them by kind, newest first; a donor cannot (denied)', async () => {
        await assertSucceeds(getDoc(doc(staff().firestore(), 'staff_actions/a1')));
        await assertSucceeds(
          getDocs(
            query(collection(staff().firestore(), 'staff_actions'), where('action', '==', 'void')),
          ),
        );
        await assertFails(
          getDocs(
            query(
              collection(donor('ana').firestore(), 'staff_actions'),
              where('staff', '==', 'ana'),
            ),
          ),
        );
      });
      it('the action stays as the API wrote it after every refused write', async () => {
        for (const context of [donor('ana'), staff()]) {
          await assertFails(
            updateDoc(doc(context.firestore(), 'staff_actions/a1'), { staff: 'x' }),
          );
        }
        await environment.withSecurityRulesDisabled(async (admin) => {
          const stored = await getDoc(doc(admin.firestore(), 'staff_actions/a1'));
          if (stored.get('staff') !== 'staff-1' || stored.get('action') !== 'void') {
            throw new Error(`staff_actions/a1 changed: ${JSON.stringify(stored.data())}`);
          }
        });
      });
    });

    describe('commemorations: no client access, not even the donor whose names they are', () => {
      it('the donor cannot read their own names from the browser (denied)', async () => {
        await assertFails(getDoc(doc(donor('ana').firestore(), 'commemorations/ana')));
      });
      it('the donor cannot write or delete their own names from the browser (denied)', async () => {
        const own = doc(donor('ana').firestore(), 'commemorations/ana');
        await assertFails(setDoc(own, { names: [], on_certificate: false }));
        await assertFails(updateDoc(own, { on_certificate: false }));
        await assertFails(deleteDoc(own));
      });
      it("another donor cannot read or list anyone's names (denied)", async () => {
        await assertFails(getDoc(doc(donor('ion').firestore(), 'commemorations/ana')));
        await assertFails(getDocs(collection(donor('ion').firestore(), 'commemorations')));
      });
      it('staff cannot read or list them from the browser either (denied)', async () => {
        await assertFails(getDoc(doc(staff().firestore(), 'commemorations/ana')));
        await assertFails(getDocs(collection(staff().firestore(), 'commemorations')));
      });
    });

    for (const documentPath of [
      'personal_codes/ABCD2345',
      'stripe_events/evt_1',
      'commemorations/ana',
      'rate_limits/verify_0a1b_1767225600000',
      'settings/payments',
    ]) {
      describe(`${documentPath.split('/')[0]}: server-side only`, () => {
        it('staff cannot read it from the browser (denied)', async () => {
          await assertFails(getDoc(doc(staff().firestore(), documentPath)));
        });
        it('a donor cannot write it (denied)', async () => {
          await assertFails(setDoc(doc(donor('ana').firestore(), documentPath), { uid: 'ana' }));
        });
        it('a signed-out visitor cannot read or write it (denied)', async () => {
          await assertFails(getDoc(doc(signedOut().firestore(), documentPath)));
          await assertFails(setDoc(doc(signedOut().firestore(), documentPath), { count: 0 }));
        });
      });
    }

    it('a collection the rules do not name is closed (denied)', async () => {
      await assertFails(getDoc(doc(staff().firestore(), 'settings/site')));
    });
  });
}
