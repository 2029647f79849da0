/** The map's plots as everyone may see them. */
import { comparePlotPositions, effectiveCell } from '@parroquia/domain';
import { jsonReply } from '../http';
import { publicRoute } from '../router';

/** One plot as `GET /api/cells/` answers it. */
export interface CellJson {
  id: string;
  x: string;
  y: number;
  status: string;
  user: string | null;
  donor_display: string | null;
}

export const listCellsRoute = publicRoute('GET', '/api/cells/', async ({ deps }) => {
  const now = deps.now();
  const cells = await deps.cells.listCells();
  const answer: CellJson[] = cells
    .map((stored) => ({ id: stored.id, cell: effectiveCell(stored, now) }))
    .sort((a, b) => comparePlotPositions(a.cell, b.cell))
    .map(({ id, cell }) => ({
      id,
      x: cell.x,
      y: cell.y,
      status: cell.status,
      user: cell.user,
      donor_display: cell.donor_display,
    }));
  return jsonReply(answer);
});
