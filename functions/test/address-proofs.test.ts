/** What the Auth adapter answers of accounts' addresses, from Admin SDK user records. */
import { describe, expect, it } from 'vitest';
import { firebaseAddressProofs } from '../src/adapters/firebase-address-proofs';

interface FakeUser {
  uid: string;
  email?: string;
  emailVerified: boolean;
  providerData: Array<{ providerId: string; email?: string }>;
}

/** `getUsers` over a fixed set of accounts, recording the size of every batch asked. */
function fakeAuth(users: FakeUser[]) {
  const batches: number[] = [];
  const auth = {
    async getUsers(identifiers: Array<{ uid: string }>) {
      batches.push(identifiers.length);
      const found = users.filter((user) => identifiers.some(({ uid }) => uid === user.uid));
      return { users: found, notFound: [] };
    },
  };
  return { auth: () => auth as never, batches };
}

describe('firebaseAddressProofs', () => {
  it('answers the proven address of verified and provider accounts, none for the rest', async () => {
    const { auth } = fakeAuth([
      {
        uid: 'ana',
        email: 'Ana@parroquia.test',
        emailVerified: true,
        providerData: [{ providerId: 'password', email: 'ana@parroquia.test' }],
      },
      {
        uid: 'squatter',
        email: 'victima@parroquia.test',
        emailVerified: false,
        providerData: [
          { providerId: 'password', email: 'victima@parroquia.test' },
          { providerId: 'facebook.com', email: 'otro@correo.test' },
        ],
      },
      {
        uid: 'rosa',
        email: 'rosa@correo.test',
        emailVerified: false,
        providerData: [{ providerId: 'facebook.com', email: 'rosa@correo.test' }],
      },
    ]);
    const proven = await firebaseAddressProofs(auth).provenAddresses([
      'ana',
      'squatter',
      'rosa',
      'deleted',
    ]);
    expect([...proven]).toEqual([
      ['ana', 'ana@parroquia.test'],
      ['rosa', 'rosa@correo.test'],
    ]);
  });

  it('asks Auth at most 100 accounts at a time, each once, and nothing for none', async () => {
    const { auth, batches } = fakeAuth([]);
    const uids = Array.from({ length: 230 }, (_, i) => `u${i}`);
    await firebaseAddressProofs(auth).provenAddresses([...uids, 'u0', 'u1']);
    expect(batches).toEqual([100, 100, 30]);
    await firebaseAddressProofs(auth).provenAddresses([]);
    expect(batches).toHaveLength(3);
  });
});
