/**
 * `commemorations/{uid}` on firebase-admin (docs/data-model.md): a donor's names to be
 * remembered at the liturgy, replaced whole; staff read every list together with the record
 * of it, in one transaction through the one writer of staff actions.
 */
import {
  commemorationCount,
  decideCommemorationsOut,
  millisOf,
  readCommemorations,
  type DonorCommemorations,
} from '@parroquia/domain';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { CommemorationStore } from '../ports';
import { writeDecision } from './decision-writes';

export function firestoreCommemorations(db: () => Firestore): CommemorationStore {
  const lists = () => db().collection('commemorations');

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
        tx.set(lists().doc(uid), {
          names: list.names.map(({ name, state }) => ({ name, state })),
          on_certificate: list.on_certificate,
          updated_at: Timestamp.fromMillis(now),
        });
        return { ...list, updatedAt: now };
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
        const donors: DonorCommemorations[] = withNames.flatMap(({ uid, list }, index) => {
          const profile = profiles[index];
          // A list whose account is gone is not the parish's to print: erasure takes it too.
          if (!profile?.exists) return [];
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
