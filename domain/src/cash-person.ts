/**
 * Who the cash limit counts as one person (docs/product.md, "Money"): an account together with
 * the mailboxes it stands for, and any account that shares one of them.
 */
import type { CashPerson } from './cash-limit';

/** An account as the cash limit sees it: its uid and the mailboxes it stands for. */
export interface CashAccount {
  uid: string;
  mailboxes: readonly string[];
}

/**
 * The person of a registration, a completion or a link: where it starts (the account and the
 * mailboxes it names) joined with every account found sharing one of those mailboxes, and every
 * mailbox those accounts stand for. Every sharing account counts, its address proven or not: the
 * limit errs on the strict side. Each uid and mailbox once, in the order first met.
 */
export function cashPersonOf(start: CashPerson, sharing: readonly CashAccount[]): CashPerson {
  const uids = new Set(start.uids);
  const mailboxes = new Set(start.mailboxes);
  for (const account of sharing) {
    uids.add(account.uid);
    for (const key of account.mailboxes) mailboxes.add(key);
  }
  return { uids: [...uids], mailboxes: [...mailboxes] };
}
