/** The certificate PDF, the code check and physical-certificate links, through the real stack. */
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import {
  callApi,
  consentingDonor,
  newEmailAccount,
  type TestAccount,
} from '../support/accounts.ts';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';

const pdfText = async (bytes: Uint8Array) => (await pdfPageTexts(bytes)).join('\n');
import { resetPlots, setPlots } from '../support/plots.ts';
import { withinOneWindow } from '../support/rate-limits.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const TOUCHED = ['V1', 'V2', 'V3', 'V4', 'W1', 'W2', 'W3', 'W4', 'W5', 'X1'];

/** A synced donor who accepted the privacy policy, with these plots bought. */
async function donorWith(name: string, plots: string[], anonymous = false) {
  const donor = await consentingDonor(siteUrl, await newEmailAccount(authHost), {
    name,
    anonymous,
  });
  await setPlots(db(), plots, {
    status: 'bought',
    user: donor.uid,
    donor_display: anonymous ? donor.personalCode : name,
  });
  return donor;
}

async function certificate(token: string, lang: string) {
  return callApi(siteUrl, `/api/users/generate-certificate/?lang=${lang}`, { token });
}

async function certificateText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toBe(
    'attachment; filename="certificado.pdf"',
  );
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

afterAll(() => resetPlots(db(), TOUCHED));

describe('GET /api/users/generate-certificate/', () => {
  it('gives the seeded demo donor Ana her certificate: name, code, plots and the check address', async () => {
    const text = await certificateText(
      await certificate(await idTokenOf(authHost, DEMO.ana), 'es'),
    );
    expect(text).toContain('Parroquia Ortodoxa de Asturias');
    expect(text).toContain('Ana García');
    expect(text).toContain('Código personal: ANA7K3QZ');
    expect(text).toContain('M10, M11, N10');
    expect(text).toContain(`${new URL(siteUrl).origin}/verificar/ANA7K3QZ`);
  });

  it('prints "Ștefan Țăranu" (comma below) as typed, in Romanian', async () => {
    const stefan = await donorWith('Ștefan Țăranu', ['V1', 'V2']);
    const text = await certificateText(await certificate(stefan.idToken, 'ro'));
    expect(text).toContain('Ștefan Țăranu');
    expect(text).toContain('Parohia Ortodoxă din Asturias');
    expect(text).toContain(`Cod personal: ${stefan.personalCode}`);
    expect(text).toContain('V1, V2');
  });

  it('prints "Begoña Núñez" and a cedilla-form Romanian name as typed, es-ES and en giving Spanish', async () => {
    const begona = await donorWith('Begoña Núñez', ['V3']);
    for (const lang of ['es-ES', 'en']) {
      const text = await certificateText(await certificate(begona.idToken, lang));
      expect(text).toContain('Begoña Núñez');
      expect(text).toContain('ha donado 1 parcela');
      expect(text).toContain('V3');
    }
    const cedilla = await donorWith('Şerban Ţepeş', ['V4']);
    expect(await certificateText(await certificate(cedilla.idToken, 'ro'))).toContain(
      'Şerban Ţepeş',
    );
  });

  it('answers 404 "No tienes ninguna parcela comprada" to a donor without plots', async () => {
    const donor = await donorWith('Sin Parcelas', []);
    const response = await certificate(donor.idToken, 'es');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'No tienes ninguna parcela comprada',
      code: 'noPlotsBought',
    });
  });

  it('answers 400 "Error al descargar el certificado" for another language or none', async () => {
    const token = await idTokenOf(authHost, DEMO.ana);
    for (const path of ['?lang=fr', '?lang=', '']) {
      const response = await callApi(siteUrl, `/api/users/generate-certificate/${path}`, { token });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'Error al descargar el certificado (campo: lang)',
        field: 'lang',
      });
    }
  });

  it('answers 403 to a donor who has not accepted the privacy policy (the seeded Ion)', async () => {
    const response = await certificate(await idTokenOf(authHost, DEMO.ion), 'es');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: 'Acepta la política de privacidad para continuar.',
    });
  });
});

describe('GET /api/certificates/verify/ (public)', () => {
  const verify = (code: string, address: string) =>
    callApi(siteUrl, `/api/certificates/verify/?code=${encodeURIComponent(code)}`, {
      headers: { 'X-Forwarded-For': address },
    });

  it("answers a donor's plots with the name as the map shows it, without a token", async () => {
    const response = await verify('ana7 k3qz', '203.0.113.10');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      code: 'ANA7K3QZ',
      donor_display: 'Ana García',
      plots: [
        { code: 'M10', status: 'bought' },
        { code: 'M11', status: 'bought' },
        { code: 'N10', status: 'bought' },
      ],
    });
  });

  it('shows only the code for an anonymous donor', async () => {
    const anonymous = await donorWith('Nombre Secreto', ['W5'], true);
    const answer = (await (await verify(anonymous.personalCode, '203.0.113.11')).json()) as Record<
      string,
      unknown
    >;
    expect(answer).toEqual({
      code: anonymous.personalCode,
      donor_display: anonymous.personalCode,
      plots: [{ code: 'W5', status: 'bought' }],
    });
    expect(JSON.stringify(answer)).not.toContain('Secreto');
  });

  it('answers 404 with a clear text for an unknown code and 400 for a malformed one', async () => {
    const unknown = await verify('ZZZZ2222', '203.0.113.12');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: 'Ese código no corresponde a ningún donante.',
    });
    const malformed = await verify('<script>', '203.0.113.12');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ field: 'code' });
  });

  it('refuses the 21st check in a minute from one address with 429, other addresses unaffected', async () => {
    await withinOneWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await verify('ZZZZ2222', '203.0.113.99')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses[20]).toBe(429);
    const limited = await verify('ANA7K3QZ', '203.0.113.99');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      error: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
    });
    expect((await verify('ANA7K3QZ', '203.0.113.100')).status).toBe(200);
  });
});

describe('POST /api/users/link-code/', () => {
  let donor: TestAccount & { personalCode: string };
  let other: TestAccount & { personalCode: string };
  beforeAll(async () => {
    donor = await donorWith('Donante Papel', []);
    other = await donorWith('Otra Persona', []);
  });

  async function registeredCode(code: string, plots: string[], status = 'registered') {
    await db().collection('certificate_codes').doc(code).set({
      status,
      email: 'papel@parroquia.test',
      name: 'Donante Papel',
      is_anonymous_donor: false,
      plots,
      reserve: false,
      user: null,
      created_at: Timestamp.now(),
    });
    await setPlots(db(), plots, { status: 'bought', user: null, donor_display: code });
  }
  const link = (account: TestAccount, code: unknown) =>
    callApi(siteUrl, '/api/users/link-code/', { token: account.idToken, body: { code } });

  it("moves the code's plots to the donor, once", async () => {
    await registeredCode('PAPER234', ['W1', 'W2']);
    const response = await link(donor, 'paper 234');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'success',
      code: 'PAPER234',
      plots: ['W1', 'W2'],
    });
    for (const code of ['W1', 'W2']) {
      expect((await db().collection('cells').doc(code).get()).data()).toMatchObject({
        status: 'bought',
        user: donor.uid,
        donor_display: 'Donante Papel',
      });
    }
    expect((await db().collection('certificate_codes').doc('PAPER234').get()).data()).toMatchObject(
      {
        status: 'linked',
        user: donor.uid,
      },
    );
    // The plots now count for the donor's certificate.
    expect(await certificateText(await certificate(donor.idToken, 'es'))).toContain('W1, W2');

    const again = await link(donor, 'PAPER234');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: 'Ese código ya está vinculado a tu cuenta.',
    });
    const stolen = await link(other, 'PAPER234');
    expect(stolen.status).toBe(409);
    expect(await stolen.json()).toMatchObject({
      error: 'Ese código ya está vinculado a otra cuenta.',
    });
    expect((await db().collection('cells').doc('W1').get()).get('user')).toBe(donor.uid);
  });

  it('answers 404 for an unknown code and 409 for one not registered yet, changing nothing', async () => {
    const unknown = await link(other, 'QQQQ2222');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: 'Ese código no existe. Revisa que esté bien escrito.',
    });
    await db()
      .collection('certificate_codes')
      .doc('BQANK234')
      .set({ status: 'unassigned', plots: [], user: null });
    const blank = await link(other, 'BQANK234');
    expect(blank.status).toBe(409);
    expect(
      (await db().collection('certificate_codes').doc('BQANK234').get()).get('user'),
    ).toBeNull();
  });

  it('changes nothing when one of the plots went to someone else', async () => {
    await registeredCode('GXNE2345', ['W3', 'W4']);
    await setPlots(db(), ['W4'], {
      status: 'bought',
      user: 'someone-else',
      donor_display: 'Alguien',
    });
    const response = await link(other, 'GXNE2345');
    expect(response.status).toBe(409);
    expect((await db().collection('cells').doc('W3').get()).get('user')).toBeNull();
    expect((await db().collection('certificate_codes').doc('GXNE2345').get()).get('status')).toBe(
      'registered',
    );
  });

  it.each([
    ['a missing code', {}],
    ['a code that is a number', { code: 12345678 }],
    ['a code of the wrong shape', { code: 'ABC' }],
  ])('answers 400 for %s', async (_, body) => {
    const response = await callApi(siteUrl, '/api/users/link-code/', {
      token: other.idToken,
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'code' });
  });

  it('answers 403 to a donor who has not accepted the privacy policy', async () => {
    await registeredCode('CNSENT23', ['X1']);
    const response = await link(
      { ...DEMO.ion, idToken: await idTokenOf(authHost, DEMO.ion) },
      'CNSENT23',
    );
    expect(response.status).toBe(403);
    expect((await db().collection('cells').doc('X1').get()).get('user')).toBeNull();
  });
});
