/**
 * The plots as stored, and the sweep that writes back what lapsed.
 */
import type { CellWithId } from '@parroquia/domain';

/** A cell as stored, with its document id (the plot code). */
export type StoredCell = CellWithId;

export interface CellRepository {
  /**
   * Every well-formed `cells` document, read at one time: `readTime` in epoch milliseconds,
   * rounded down, so every later change carries a later `updated_at`.
   */
  listCells(): Promise<{ readTime: number; cells: StoredCell[] }>;
  /**
   * Writes back what lapsed holds and reservations already are (`sweptCell`); the plots'
   * codes it released. Each plot in its own transaction, so a payment in between wins.
   */
  releaseLapsed(now: number): Promise<string[]>;
}
