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
 * Where a gift's person starts: the account it is for, with every mailbox that account stands
 * for, and the mailbox the gift names (the certificate's address). Either may be missing: a
 * registration for an address no account has names only its mailbox; a reservation completed
 * for an account, only the account.
 */
export function cashPersonStart(account: CashAccount | null, mailbox: string | null): CashPerson {
  return cashPersonOf({ uids: [], mailboxes: mailbox ? [mailbox] : [] }, account ? [account] : []);
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
