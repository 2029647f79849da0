/**
 * `commemorations/{uid}` on firebase-admin (docs/data-model.md): a donor's names to be
 * remembered at the liturgy, replaced whole; staff read every list together with the record
 * of it, in one transaction through the one writer of staff actions.
 */
import {
  commemorationCount,
  decideCommemorationRemoved,
  decideCommemorationsOut,
  hasStandingGift,
  millisOf,
  readCommemorations,
  type DonorCommemorations,
} from '@parroquia/domain';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { CommemorationStore } from '../ports/commemorations';
import { readAnyOf } from './any-of';
import { writeDecision } from './decision-writes';
import { storedCell } from './firestore-reads';

export function firestoreCommemorations(db: () => Firestore): CommemorationStore {
  const lists = () => db().collection('commemorations');

  /** Of `uids`, those whose gift stands now: their plots read in chunks, every one of them. */
  async function donorsWithStandingGift(tx: Transaction, uids: readonly string[], now: number) {
    const owned = await readAnyOf(
      (query) => tx.get(query),
      uids,
      (chunk) => db().collection('cells').where('user', 'in', chunk),
    );
    const cells = owned.map(storedCell);
    return new Set(uids.filter((uid) => hasStandingGift(cells, uid, now)));
  }

  return {
    async read(uid) {
      const snapshot = await lists().doc(uid).get();
      const data = snapshot.data();
      return { ...readCommemorations(data), updatedAt: millisOf(data?.updated_at) };
    },

    replace(uid, list, now) {
      const firestore = db();
      // With the profile read in the same transaction: an account erased meanwhile gets no list
      // written back after its erasure removed it.
      return firestore.runTransaction(async (tx) => {
        const profile = await tx.get(firestore.collection('users').doc(uid));
        if (!profile.exists) return null;
        // Names only from a donor whose gift stands; emptying the list is always allowed.
        if (list.names.length > 0) {
          const own = await tx.get(firestore.collection('cells').where('user', '==', uid));
          if (!hasStandingGift(own.docs.map(storedCell), uid, now)) return 'no-gift';
        }
        tx.set(lists().doc(uid), {
          names: list.names.map(({ name, state }) => ({ name, state })),
          on_certificate: list.on_certificate,
          updated_at: Timestamp.fromMillis(now),
        });
        return { ...list, updatedAt: now };
      });
    },

    removeName(uid, entry, reason, staffUid, now) {
      const firestore = db();
      return firestore.runTransaction(async (tx) => {
        const stored = readCommemorations((await tx.get(lists().doc(uid))).data());
        const index = stored.names.findIndex(
          (each) => each.name === entry.name && each.state === entry.state,
        );
        if (index < 0) return null;
        const names = stored.names.filter((_, at) => at !== index);
        tx.update(lists().doc(uid), {
          names: names.map(({ name, state }) => ({ name, state })),
          updated_at: Timestamp.fromMillis(now),
        });
        const actionId = firestore.collection('staff_actions').doc().id;
        writeDecision(
          tx,
          firestore,
          decideCommemorationRemoved({
            donor: uid,
            ...entry,
            reason,
            context: { staffUid, now, actionId },
          }),
        );
        return names;
      });
    },

    carryOut(kind, staffUid, now) {
      const firestore = db();
      return firestore.runTransaction(async (tx) => {
        // Document id order: each donor's names stay together, the same order every time.
        const stored = (await tx.get(lists())).docs.sort((a, b) =>
          a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
        );
        const withNames = stored
          .map((snapshot) => ({ uid: snapshot.id, list: readCommemorations(snapshot.data()) }))
          .filter(({ list }) => list.names.length > 0);
        const profiles =
          withNames.length === 0
            ? []
            : await tx.getAll(
                ...withNames.map(({ uid }) => firestore.collection('users').doc(uid)),
              );
        const giving = await donorsWithStandingGift(
          tx,
          withNames.map(({ uid }) => uid),
          now,
        );
        const donors: DonorCommemorations[] = withNames.flatMap(({ uid, list }, index) => {
          const profile = profiles[index];
          // A list whose account is gone is not the parish's to print: erasure takes it too.
          if (!profile?.exists) return [];
          // Nor one whose donor has no gift that stands (never gave, or all refunded or voided).
          if (!giving.has(uid)) return [];
          return [
            {
              uid,
              donorName: String(profile.get('name') ?? ''),
              personalCode: String(profile.get('personal_code') ?? ''),
              names: list.names,
            },
          ];
        });
        const actionId = firestore.collection('staff_actions').doc().id;
        writeDecision(
          tx,
          firestore,
          decideCommemorationsOut({
            kind,
            rows: commemorationCount(donors),
            context: { staffUid, now, actionId },
          }),
        );
        return donors;
      });
    },
  };
}
