import { readCellDocument } from '@parroquia/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { logMalformedCell } from '../log';
import type { CellRepository, StoredCell } from '../ports';

export function firestoreCellRepository(db: () => Firestore): CellRepository {
  return {
    async listCells() {
      const snapshot = await db().collection('cells').get();
      const cells: StoredCell[] = [];
      for (const doc of snapshot.docs) {
        const reading = readCellDocument(doc.id, doc.data());
        if (reading.ok) cells.push(reading.cell);
        else logMalformedCell(doc.id, reading.problem);
      }
      return cells;
    },
  };
}
