/**
 * Personal-code collisions, on the Firestore adapter the function uses, against the stack's
 * Firestore with a rigged random source (the function's own draws cannot be steered).
 */
import { generatePersonalCode } from '@parroquia/domain';
import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import {
  firestoreDonorAccounts,
  PERSONAL_CODE_ATTEMPTS,
} from '../../functions/src/adapters/firestore-donors.ts';
import { firebaseAddressProofs } from '../../functions/src/adapters/firebase-address-proofs.ts';
import { adminFirestore } from '../support/clients.ts';
import { adminAuth } from '../support/staff.ts';

const db = () => adminFirestore(inject('firestoreHost'));
const donors = () =>
  firestoreDonorAccounts(
    db,
    firebaseAddressProofs(() => adminAuth(inject('authHost'))),
  );
const account = (uid: string) => ({
  name: 'Colisión',
  email: `${uid}@parroquia.test`,
  sub: uid,
  is_staff: false,
  language: 'es' as const,
});

/** A random source that answers `codes` in turn. */
function draws(codes: string[]) {
  const drawn: string[] = [];
  return {
    drawn,
    next: () => {
      const code = codes[drawn.length] ?? generatePersonalCode(randomInt);
      drawn.push(code);
      return code;
    },
  };
}

describe('personal codes', () => {
  it('draws again while a code is taken (the seeded ANA7K3QZ and PVN4W8RT), and claims a free one', async () => {
    const uid = `collision-${Date.now()}`;
    const free = generatePersonalCode(randomInt);
    const source = draws(['ANA7K3QZ', 'PVN4W8RT', free]);
    const { profile, created } = await donors().syncDonor(
      uid,
      account(uid),
      source.next,
      Date.now(),
    );
    expect(created).toBe(true);
    expect(source.drawn).toEqual(['ANA7K3QZ', 'PVN4W8RT', free]);
    expect(profile.personal_code).toBe(free);
    expect((await db().collection('personal_codes').doc(free).get()).get('uid')).toBe(uid);
    expect((await db().collection('personal_codes').doc('ANA7K3QZ').get()).get('uid')).toBe(
      'donor-ana',
    );
  });

  it('gives two donors racing for the same code different codes', async () => {
    const contested = generatePersonalCode(randomInt);
    const uids = [`race-a-${Date.now()}`, `race-b-${Date.now()}`];
    const results = await Promise.all(
      uids.map((uid) => donors().syncDonor(uid, account(uid), draws([contested]).next, Date.now())),
    );
    const codes = results.map((result) => result.profile.personal_code);
    expect(new Set(codes).size).toBe(2);
    expect(codes).toContain(contested);
    for (const [i, uid] of uids.entries()) {
      expect((await db().collection('personal_codes').doc(codes[i]!).get()).get('uid')).toBe(uid);
    }
  });

  it(`gives up after ${PERSONAL_CODE_ATTEMPTS} taken draws and writes nothing`, async () => {
    const uid = `unlucky-${Date.now()}`;
    const source = draws(Array(PERSONAL_CODE_ATTEMPTS).fill('ANA7K3QZ'));
    await expect(donors().syncDonor(uid, account(uid), source.next, Date.now())).rejects.toThrow(
      /no free personal code/,
    );
    expect(source.drawn).toHaveLength(PERSONAL_CODE_ATTEMPTS);
    expect((await db().collection('users').doc(uid).get()).exists).toBe(false);
  });
});
