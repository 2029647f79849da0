/**
 * Payment links (domain/src/payment-link.ts): made by a donor, opened and paid by someone else.
 * Marking one paid belongs to the settlement of its Checkout Session (`settlePaid`).
 */
import type { CellWithId, LinkCreation, PaymentLink, PaymentLinkKind } from '@parroquia/domain';

export interface NewPaymentLink {
  /** The token's hash: the document's id. */
  id: string;
  uid: string;
  kind: PaymentLinkKind;
  plots: string[];
}

export interface OpenedPaymentLink {
  link: PaymentLink;
  /** The link's plots as stored now (null: no such plot). */
  cells: Array<{ code: string; cell: CellWithId | null }>;
  /** The donor as the map shows them: their name, or their code when anonymous. */
  donorDisplay: string;
}

export interface PaymentLinkStore {
  /**
   * Reads the donor's links and the plots, asks `decideLinkCreation`, and stores the link when it
   * may be made: one transaction, with the account's hold lock, so two at once count each other.
   */
  create(link: NewPaymentLink, now: number): Promise<LinkCreation>;
  /** The link, its plots and its donor; null when there is no such link (or donor). */
  open(id: string): Promise<OpenedPaymentLink | null>;
  /** The payer opened a checkout for the link (a later one replaces it). */
  recordCheckout(id: string, checkoutId: string): Promise<void>;
  /** The donor's links still open at `now`. */
  openLinksOf(uid: string, now: number): Promise<PaymentLink[]>;
  /** The link becomes `cancelled` if it is still open (one transaction); whether it did. */
  cancel(id: string, now: number): Promise<boolean>;
}
