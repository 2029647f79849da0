/**
 * No squatting (issue 32, part 9): an account whose address nobody proved (an e-mail sign-up
 * never verified) receives no staff registration, no claim and no receipt. The attack as an
 * attacker would try it, through Hosting -> Functions -> Firestore with real Auth accounts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { consentingDonor } from '../support/accounts.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { startPayment, submitHostedPage, waitFor } from '../support/payments.ts';
import { returnPlots } from '../support/plots.ts';
import { freshPlots, newAccount, postJson, storedCode, uniqueName } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const REGISTER = `${siteUrl}/api/users/register-physical-certificate/`;

let staffToken = '';
const touched: string[] = [];
const plots = (count: number) => {
  const codes = freshPlots(count);
  touched.push(...codes);
  return codes;
};

beforeAll(async () => {
  staffToken = await idTokenOf(authHost, DEMO.staff);
});
afterAll(async () => {
  await returnPlots(db(), touched);
});

/** An account as the site makes one (signed up, synced, consented), verified or not. */
async function signUp(name: string, email: string, emailVerified: boolean) {
  const account = await newAccount(authHost, { email, emailVerified });
  const donor = await consentingDonor(siteUrl, { ...account, idToken: account.token }, { name });
  return { uid: donor.uid, token: donor.idToken, name, email };
}

async function cellOf(plot: string): Promise<Record<string, unknown>> {
  return (await db().collection('cells').doc(plot).get()).data()!;
}

/** Whatever `mail/` holds for this address. */
async function mailsTo(address: string): Promise<string[]> {
  const mails = await db().collection('mail').where('to', '==', address).get();
  return mails.docs.map((doc) => doc.id);
}

describe('an attacker signs up first with the victim’s address, unverified', () => {
  it('staff register the victim’s cash gift: it waits on the paper code, and the victim links it', async () => {
    const victimEmail = `${uniqueName('victima')}@parroquia.test`;
    const attacker = await signUp('Atacante Usurpador', victimEmail, false);
    const code = await storedCode(db());
    const [plot] = plots(1);

    const registered = await postJson(REGISTER, staffToken, {
      email: victimEmail,
      code,
      name: 'Virginia Real',
      is_anonymous_donor: false,
      parcelas: [plot],
      reserve: false,
      method: 'cash',
    });
    expect(registered.status).toBe(200);
    expect(await registered.json()).toMatchObject({
      linked_to_account: false,
      amount_cents: 25000,
    });

    // Nothing of the gift is the attacker's: not the plot, not the code, not the ledger row. An
    // account stands for the mailbox (it may be the donor's, anonymous): the plot shows no name.
    expect(await cellOf(plot!)).toMatchObject({
      status: 'bought',
      user: null,
      donor_display: null,
    });
    const record = (await db().collection('certificate_codes').doc(code).get()).data()!;
    expect(record).toMatchObject({ status: 'registered', user: null, email: victimEmail });
    const row = (
      await db()
        .collection('donations')
        .doc(record.donation_id as string)
        .get()
    ).data()!;
    expect(row.donor).toBeNull();
    expect(row.donor_name).toBe('Virginia Real');
    const attackersPlots = await db().collection('cells').where('user', '==', attacker.uid).get();
    expect(attackersPlots.empty).toBe(true);
    // Signing in again claims nothing either.
    const again = await postJson(`${siteUrl}/api/users/sync/`, attacker.token, {
      email: victimEmail,
      sub: attacker.uid,
    });
    expect(again.status).toBe(200);
    expect((await cellOf(plot!)).user).toBeNull();
    expect(await mailsTo(victimEmail)).toEqual([]);

    // The victim, who holds the paper certificate, links it from an account of their own.
    const victim = await signUp('Virginia Real', `${uniqueName('virginia')}@parroquia.test`, true);
    const linked = await postJson(`${siteUrl}/api/users/link-code/`, victim.token, { code });
    expect(linked.status).toBe(200);
    expect(await cellOf(plot!)).toMatchObject({ user: victim.uid, donor_display: 'Virginia Real' });
    const after = (await db().collection('certificate_codes').doc(code).get()).data()!;
    expect(after).toMatchObject({ status: 'linked', user: victim.uid });
    expect(
      (
        await db()
          .collection('donations')
          .doc(record.donation_id as string)
          .get()
      ).get('donor'),
    ).toBe(victim.uid);
    // The receipt nobody could be sent at the registration goes to her proven address now, once.
    const receipt = await db()
      .collection('mail')
      .doc(`receipt-${record.donation_id as string}`)
      .get();
    expect(receipt.get('to')).toBe(victim.email);
    expect(receipt.get('message.text')).toContain(plot!);
    expect(await mailsTo(victimEmail)).toEqual([]);
  });

  it('the attacker, holding no paper code, cannot take it by signing in or by guessing', async () => {
    const victimEmail = `${uniqueName('victima')}@parroquia.test`;
    const code = await storedCode(db());
    const [plot] = plots(1);
    const registered = await postJson(REGISTER, staffToken, {
      email: victimEmail,
      code,
      name: 'Valeria Real',
      parcelas: [plot],
      reserve: true,
      method: 'transfer',
    });
    expect(await registered.json()).toMatchObject({ linked_to_account: false });
    // Signs up after the registration: the first sync claims nothing for an unverified address.
    const attacker = await signUp('Atacante Tardío', victimEmail, false);
    expect(await cellOf(plot!)).toMatchObject({ status: 'reserved', user: null });
    const record = (await db().collection('certificate_codes').doc(code).get()).data()!;
    expect(record).toMatchObject({ status: 'registered', user: null });
    expect(
      (
        await db()
          .collection('donations')
          .doc(record.donation_id as string)
          .get()
      ).get('donor'),
    ).toBeNull();
    const guessed = await postJson(`${siteUrl}/api/users/link-code/`, attacker.token, {
      code: 'ZZZZ2222',
    });
    expect(guessed.status).toBe(404);
  });
});

describe('a verified address gets what staff register for it', () => {
  it('links at once, as before', async () => {
    const email = `${uniqueName('verificada')}@parroquia.test`;
    const donor = await signUp('Verónica Verificada', email, true);
    const code = await storedCode(db());
    const [plot] = plots(1);
    const registered = await postJson(REGISTER, staffToken, {
      email,
      code,
      name: 'Verónica en papel',
      parcelas: [plot],
      method: 'transfer',
    });
    expect(await registered.json()).toMatchObject({ linked_to_account: true });
    expect(await cellOf(plot!)).toMatchObject({
      user: donor.uid,
      donor_display: 'Verónica Verificada',
    });
  });
});

/**
 * A Facebook sign-in that gives `email` (not marked verified, as Facebook's often are not)
 * through the Auth emulator's IdP endpoint: its uid and ID token.
 */
async function facebookAccount(email: string): Promise<{ uid: string; idToken: string }> {
  const claims = { sub: uniqueName('facebook'), email, email_verified: false, name: 'Fátima' };
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        postBody: `providerId=facebook.com&id_token=${encodeURIComponent(JSON.stringify(claims))}`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await response.json()) as { localId?: string; idToken?: string };
  if (!body.localId || !body.idToken) throw new Error(`signInWithIdp: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

describe('an address given by Google, Apple or Facebook is proven', () => {
  it('a Facebook account claims at its first sign-in what staff registered for its address', async () => {
    const email = `${uniqueName('fatima')}@correo.test`;
    const code = await storedCode(db());
    const [plot] = plots(1);
    const registered = await postJson(REGISTER, staffToken, {
      email,
      code,
      name: 'Fátima en papel',
      parcelas: [plot],
      method: 'transfer',
    });
    expect(await registered.json()).toMatchObject({ linked_to_account: false });
    const account = await facebookAccount(email);
    const synced = await postJson(`${siteUrl}/api/users/sync/`, account.idToken, {
      email,
      name: 'Fátima',
      sub: account.uid,
    });
    expect(synced.status).toBe(201);
    expect(await cellOf(plot!)).toMatchObject({ user: account.uid, donor_display: 'Fátima' });
    const linked = (await db().collection('certificate_codes').doc(code).get()).data()!;
    expect(linked).toMatchObject({ status: 'linked', user: account.uid });
    // Facebook gave the address: the registration's receipt goes to it at this first sign-in.
    const receipt = await db()
      .collection('mail')
      .doc(`receipt-${linked.donation_id as string}`)
      .get();
    expect(receipt.get('to')).toBe(email);
  });
});

describe('receipts go only to proven addresses', () => {
  it('an unverified account cannot buy (so gets no receipt); a verified one buys and gets it', async () => {
    const unverified = await signUp(
      'Ulises Sinverificar',
      `${uniqueName('sin-verificar')}@parroquia.test`,
      false,
    );
    const verified = await signUp(
      'Valentina Verificada',
      `${uniqueName('verificada')}@parroquia.test`,
      true,
    );
    const refused = await startPayment(siteUrl, unverified, 'buy', plots(1));
    expect(refused.status).toBe(403);
    for (const donor of [verified]) {
      const codes = plots(1);
      const started = await startPayment(siteUrl, donor, 'buy', codes);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await submitHostedPage(started.body.url!, '4242424242424242');
      await waitFor('the payment recorded', async () => {
        const payment = await db().collection('payments').doc(started.body.sessionId!).get();
        return payment.get('status') === 'paid';
      });
      // The gift happens either way: the plot is the donor's.
      expect(await cellOf(codes[0]!)).toMatchObject({ status: 'bought', user: donor.uid });
      const receipt = await db().collection('mail').doc(`receipt-${started.body.sessionId}`).get();
      expect(receipt.get('to')).toBe(donor.email);
    }
    expect(await mailsTo(unverified.email)).toEqual([]);
  });
});
