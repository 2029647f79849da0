/** The map's plots as everyone may see them. */
import { comparePlotPositions, effectiveCell, type ApiRoutes } from '@parroquia/domain';
import { jsonReply } from '../http';
import type { Handler } from '../router';

export const listCells: Handler<ApiRoutes['listCells']> = async ({ deps }) => {
  const now = deps.now();
  const { cells } = await deps.cells.listCells();
  const answer = cells
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
};

/** How long Hosting's CDN may share one snapshot between visitors (docs/architecture.md). */
export const MAP_SNAPSHOT_SHARED_SECONDS = 10;

export const mapSnapshot: Handler<ApiRoutes['mapSnapshot']> = async ({ deps }) => {
  const { readTime, cells } = await deps.cells.listCells();
  return jsonReply(
    {
      read_time: readTime,
      cells: [...cells].sort(comparePlotPositions).map((cell) => ({
        id: cell.id,
        x: cell.x,
        y: cell.y,
        status: cell.status,
        user: cell.user,
        donor_display: cell.donor_display,
        hold: cell.hold,
        reserved_until: cell.reserved_until,
      })),
    },
    200,
    { sharedCacheSeconds: MAP_SNAPSHOT_SHARED_SECONDS },
  );
};
