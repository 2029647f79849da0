/**
 * The donor e-mails' ports on Firestore: `mail/{id}` documents in the shape of the Firebase
 * "Trigger Email" extension (`{ to, message: { subject, text, html } }`, docs/data-model.md),
 * created once per id, and the payments, profiles and plots they are written from.
 */
import {
  externalProviderOf,
  isCheckoutKind,
  isLanguage,
  readCellDocument,
  DEFAULT_LANGUAGE,
} from '@parroquia/domain';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { DonorMailData, MailOutbox, Reservation } from '../mail/ports';

/** gRPC's ALREADY_EXISTS: `create` of an id queued before. */
const ALREADY_EXISTS = 6;

export function firestoreMailOutbox(db: () => Firestore): MailOutbox {
  return {
    async queue(id, to, message) {
      try {
        await db()
          .collection('mail')
          .doc(id)
          .create({ to, message, created_at: FieldValue.serverTimestamp() });
        return true;
      } catch (error) {
        if ((error as { code?: unknown }).code === ALREADY_EXISTS) return false;
        throw error;
      }
    },
  };
}

export function firestoreDonorMailData(db: () => Firestore): DonorMailData {
  return {
    async paidPayment(sessionId) {
      const data = (await db().collection('payments').doc(sessionId).get()).data();
      if (data?.status !== 'paid' || typeof data.uid !== 'string' || !isCheckoutKind(data.kind)) {
        return null;
      }
      const plots = Array.isArray(data.cells)
        ? data.cells.filter((c) => typeof c === 'string')
        : [];
      const amountCents = typeof data.amount_cents === 'number' ? data.amount_cents : 0;
      return { uid: data.uid, kind: data.kind, plots, amountCents };
    },

    async recipient(uid) {
      const data = (await db().collection('users').doc(uid).get()).data();
      if (!data) return null;
      const email = typeof data.email === 'string' ? data.email : '';
      return {
        email: email && externalProviderOf(email) === null ? email : null,
        name: typeof data.name === 'string' ? data.name : '',
        language: isLanguage(data.language) ? data.language : DEFAULT_LANGUAGE,
      };
    },

    async reservedUntil(plot, uid) {
      const snapshot = await db().collection('cells').doc(plot).get();
      const reading = snapshot.exists ? readCellDocument(plot, snapshot.data()!) : null;
      return reading?.ok && reading.cell.status === 'reserved' && reading.cell.user === uid
        ? reading.cell.reserved_until
        : null;
    },

    async reservations() {
      const reserved = await db().collection('cells').where('status', '==', 'reserved').get();
      const byEnd = new Map<string, Reservation>();
      for (const doc of reserved.docs) {
        const reading = readCellDocument(doc.id, doc.data());
        if (!reading.ok) continue;
        const { user, reserved_until: end } = reading.cell;
        if (!user || end === null) continue;
        const key = `${user}/${end}`;
        const entry = byEnd.get(key) ?? { uid: user, reservedUntil: end, plots: [] };
        entry.plots.push(doc.id);
        byEnd.set(key, entry);
      }
      return [...byEnd.values()];
    },
  };
}
