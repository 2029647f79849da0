import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashPersonOf, cashPersonStart, type CashAccount } from './cash-person';
import type { CashPerson } from './cash-limit';

const key = fc.constantFrom('ana@x.es', 'ab@gmail.com', 'luis@x.es', 'otro@x.es');
const uid = fc.constantFrom('ana', 'luis', 'maria', 'ion');
const person = fc.record({ uids: fc.array(uid), mailboxes: fc.array(key) });
const accounts = fc.array(fc.record({ uid, mailboxes: fc.array(key) }));

const sorted = (person: CashPerson) => ({
  uids: [...person.uids].sort(),
  mailboxes: [...person.mailboxes].sort(),
});

describe('who the cash limit counts as one person', () => {
  it('joins the start with every sharing account and the mailboxes it stands for', () => {
    const sharing: CashAccount[] = [
      { uid: 'luis', mailboxes: ['ab@gmail.com', 'luis@x.es'] },
      { uid: 'maria', mailboxes: ['ab@gmail.com'] },
    ];
    expect(
      cashPersonOf({ uids: ['ana'], mailboxes: ['ana@x.es', 'ab@gmail.com'] }, sharing),
    ).toEqual({
      uids: ['ana', 'luis', 'maria'],
      mailboxes: ['ana@x.es', 'ab@gmail.com', 'luis@x.es'],
    });
  });

  it('is the start alone when no account shares a mailbox (a certificate not yet linked)', () => {
    expect(cashPersonOf({ uids: [], mailboxes: ['otro@x.es'] }, [])).toEqual({
      uids: [],
      mailboxes: ['otro@x.es'],
    });
  });

  it('keeps everyone of the start and of every sharing account, each once', () => {
    fc.assert(
      fc.property(person, accounts, (start, sharing) => {
        const joined = cashPersonOf(start, sharing);
        const everyUid = [...start.uids, ...sharing.map((account) => account.uid)];
        const everyMailbox = [...start.mailboxes, ...sharing.flatMap((a) => a.mailboxes)];
        expect(new Set(joined.uids)).toEqual(new Set(everyUid));
        expect(new Set(joined.mailboxes)).toEqual(new Set(everyMailbox));
        expect(joined.uids).toHaveLength(new Set(joined.uids).size);
        expect(joined.mailboxes).toHaveLength(new Set(joined.mailboxes).size);
      }),
    );
  });

  it('is the same person whatever order the accounts are read in, and joining again adds nobody', () => {
    fc.assert(
      fc.property(person, accounts, (start, sharing) => {
        const joined = cashPersonOf(start, sharing);
        expect(sorted(cashPersonOf(start, [...sharing].reverse()))).toEqual(sorted(joined));
        expect(cashPersonOf(joined, sharing)).toEqual(joined);
      }),
    );
  });

  it('starts from the account the gift is for and the mailbox it names, either missing', () => {
    const ana = { uid: 'ana', mailboxes: ['ana@x.es', 'ab@gmail.com'] };
    expect(cashPersonStart(ana, 'otro@x.es')).toEqual({
      uids: ['ana'],
      mailboxes: ['otro@x.es', 'ana@x.es', 'ab@gmail.com'],
    });
    expect(cashPersonStart(ana, 'ana@x.es')).toEqual({
      uids: ['ana'],
      mailboxes: ['ana@x.es', 'ab@gmail.com'],
    });
    expect(cashPersonStart(null, 'otro@x.es')).toEqual({ uids: [], mailboxes: ['otro@x.es'] });
    expect(cashPersonStart(ana, null)).toEqual({ uids: ['ana'], mailboxes: ana.mailboxes });
    expect(cashPersonStart(null, null)).toEqual({ uids: [], mailboxes: [] });
  });
});
