/**
 * The names donors ask prayers for.
 */
import type { Commemorations, DonorCommemorations } from '@parroquia/domain';

/** A donor's list as stored; `updatedAt` (epoch ms) null before the first save. */
export interface StoredCommemorations extends Commemorations {
  updatedAt: number | null;
}

/** `commemorations/{uid}`: written and read only here (firestore.rules: no client access). */
export interface CommemorationStore {
  /** The donor's list; no document: no names, not printed. */
  read(uid: string): Promise<StoredCommemorations>;
  /**
   * Replaces the whole list in one write; null when the account has no profile (erased),
   * `no-gift` when names are given by an account without a gift that stands (`hasStandingGift`).
   */
  replace(
    uid: string,
    list: Commemorations,
    now: number,
  ): Promise<StoredCommemorations | null | 'no-gift'>;
  /**
   * Takes the first entry `name` (in `state`) off the donor's list and records why, in one
   * transaction; null when the list has no such entry.
   */
  removeName(
    uid: string,
    entry: { name: string; state: Commemorations['names'][number]['state'] },
    reason: string,
    staffUid: string,
    now: number,
  ): Promise<Commemorations['names'] | null>;
  /**
   * Every donor's names (each with the donor's name and code), and the staff action that
   * carried them away, in one transaction: no list leaves unrecorded.
   */
  carryOut(
    kind: 'print-commemorations' | 'export-commemorations',
    staffUid: string,
    now: number,
  ): Promise<DonorCommemorations[]>;
}
