/** Cells stored through the domain's one writer, with firebase-admin's instants. */
import { writeCellDocument, type Cell, type StoredInstants } from '@parroquia/domain';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';

export const ADMIN_INSTANTS: StoredInstants<Timestamp | FieldValue> = {
  instant: (millis) => Timestamp.fromMillis(millis),
  serverTime: () => FieldValue.serverTimestamp(),
};

export function cellData(cell: Cell) {
  return writeCellDocument(cell, ADMIN_INSTANTS);
}
