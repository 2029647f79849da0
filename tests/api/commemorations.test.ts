/**
 * The names donors ask prayers for, through Hosting -> Functions -> Firestore (issue 30, item 3):
 * a donor reads and replaces only their own list; refused lists answer 400 in the caller's
 * language naming the entry and change nothing; staff read a donor's list on their page and
 * print every list for the priest (PDF, grouped, first names only) or download it (CSV), each
 * recorded as a staff action; a donor is refused the staff routes; no public answer names them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';
import { adminFirestore, DEMO, idTokenOf } from '../support/clients.ts';
import { newDonor } from '../support/payments.ts';
import { resetPlots, returnPlots, setPlots } from '../support/plots.ts';
import { apiAs, freshPlots } from '../support/staff.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');
const db = () => adminFirestore(inject('firestoreHost'));
const PATH = '/api/users/commemorations/';

let staff = '';
const { post, get } = apiAs(siteUrl, () => staff);
let maria: { uid: string; token: string; name: string };
let petru: { uid: string; token: string; name: string };
let startedAt = 0;

/** Names no other suite writes, so finding them anywhere means they leaked. */
const MARIA_LIST = {
  names: [
    { name: 'Zenovia', state: 'living' },
    { name: 'Teoctist', state: 'departed' },
    { name: 'Paraschiva', state: 'living' },
  ],
  on_certificate: true,
};

/** Plots this file gives its donors (a gift that stands), freed after it. */
const given: string[] = [];

/** A plot bought by `uid`, as the functions store a purchase. */
async function giveAPlot(uid: string) {
  const [code] = freshPlots(1);
  given.push(code!);
  await setPlots(db(), [code!], { status: 'bought', user: uid, donor_display: 'Pomelnic' });
  return code!;
}

beforeAll(async () => {
  startedAt = Date.now() - 1000;
  staff = await idTokenOf(authHost, DEMO.staff);
  maria = await newDonor(authHost, db(), 'Maria Pomelnic');
  petru = await newDonor(authHost, db(), 'Petru Pomelnic');
  await giveAPlot(maria.uid);
  await giveAPlot(petru.uid);
});
afterAll(async () => {
  await Promise.all(
    [maria, petru].map((donor) => db().collection('commemorations').doc(donor.uid).delete()),
  );
  await returnPlots(db(), given);
});

const stored = async (uid: string) =>
  (await db().collection('commemorations').doc(uid).get()).data();

describe('the donor routes', () => {
  it('answer 401 without a token, for reading and for saving', async () => {
    expect((await fetch(`${siteUrl}${PATH}`)).status).toBe(401);
    const saved = await fetch(`${siteUrl}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(MARIA_LIST),
    });
    expect(saved.status).toBe(401);
  });

  it('answer 403 until the privacy policy is accepted, and save nothing', async () => {
    const unconsenting = await newDonor(authHost, db(), 'Sin Consentir', {
      acceptedPrivacyPolicy: false,
    });
    expect((await get(PATH, unconsenting.token)).status).toBe(403);
    expect((await post(PATH, MARIA_LIST, unconsenting.token)).status).toBe(403);
    expect(await stored(unconsenting.uid)).toBeUndefined();
  });

  it('answer no names before the first save, then the whole list saved, stored as documented', async () => {
    expect(await (await get(PATH, maria.token)).json()).toEqual({
      names: [],
      on_certificate: false,
      updated_at: null,
      may_give_names: true,
    });
    const saved = await post(PATH, MARIA_LIST, maria.token);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const answer = (await saved.json()) as { updated_at: string };
    expect(answer).toMatchObject({ names: MARIA_LIST.names, on_certificate: true });
    expect(await (await get(PATH, maria.token)).json()).toEqual(answer);
    expect(await stored(maria.uid)).toMatchObject({
      names: MARIA_LIST.names,
      on_certificate: true,
    });
  });

  it.each([
    [
      'es',
      {
        names: [
          { name: 'Ana', state: 'living' },
          { name: '\u200B\u00A0', state: 'living' },
        ],
      },
      'Nombre n.º 2: El nombre no puede estar vacío. (campo: names.1.name)',
      'names.1.name',
    ],
    [
      'ro',
      { names: [{ name: 'Ana\u202EPop', state: 'departed' }] },
      'Numele nr. 1: Numele conține caractere nepermise. (câmp: names.0.name)',
      'names.0.name',
    ],
    [
      'en',
      { names: [{ name: 'Ana', state: 'asleep' }] },
      'Name no. 1: Say whether the person is living or departed. (field: names.0.state)',
      'names.0.state',
    ],
    [
      'ro',
      {
        names: [
          { name: 'Ana', state: 'living' },
          { name: 'Ș'.repeat(31), state: 'living' },
        ],
      },
      'Numele nr. 2: Numele nu poate avea mai mult de 30 de caractere. (câmp: names.1.name)',
      'names.1.name',
    ],
    [
      'es',
      { names: Array.from({ length: 21 }, (_, i) => ({ name: `Ana ${i}`, state: 'living' })) },
      'Puedes dar como máximo 20 nombres para recordar. (campo: names)',
      'names',
    ],
    [
      'ro',
      {
        names: [
          { name: 'Ioan', state: 'living' },
          { name: 'अनु', state: 'departed' },
        ],
      },
      'Numele nr. 2: Aceste caractere nu pot fi tipărite: अ न ु. (câmp: names.1.name)',
      'names.1.name',
    ],
  ])(
    'refuse in %s %j, naming the entry, and change nothing',
    async (language, body, error, field) => {
      const before = await stored(maria.uid);
      const refused = await post(PATH, { on_certificate: false, ...body }, maria.token, language);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error, field });
      expect(await stored(maria.uid)).toEqual(before);
    },
  );

  it('replace the list whole when two saves race: one list or the other, never a mix', async () => {
    const first = { names: [{ name: 'Ilie', state: 'living' }], on_certificate: false };
    const second = {
      names: [
        { name: 'Sava', state: 'departed' },
        { name: 'Nectarie', state: 'departed' },
      ],
      on_certificate: true,
    };
    const answers = await Promise.all([
      post(PATH, first, petru.token),
      post(PATH, second, petru.token),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const { names, on_certificate } = (await stored(petru.uid))!;
    expect([first, second]).toContainEqual({ names, on_certificate });
  });

  it("never answer another donor's names: each reads their own", async () => {
    const petrus = (await (await get(PATH, petru.token)).json()) as { names: unknown[] };
    expect(JSON.stringify(petrus)).not.toMatch(/Zenovia|Teoctist|Paraschiva/);
    // A uid in the query or body is not read: the list is always the caller's.
    const asked = await get(`${PATH}?uid=${maria.uid}`, petru.token);
    expect(JSON.stringify(await asked.json())).not.toMatch(/Zenovia/);
  });

  it('never show on a public answer: the map and the check page', async () => {
    const cells = await (await fetch(`${siteUrl}/api/cells/`)).text();
    const snapshot = await (await fetch(`${siteUrl}/api/cells/snapshot/`)).text();
    for (const text of [cells, snapshot]) expect(text).not.toMatch(/Zenovia|Teoctist/);
  });
});

describe('the staff routes', () => {
  const donorPath = (id: string) =>
    `/api/staff/donors/commemorations/?id=${encodeURIComponent(id)}`;

  it('answer 401 without a token and 403 for a donor, and record nothing for them', async () => {
    expect((await fetch(`${siteUrl}${donorPath(maria.uid)}`)).status).toBe(401);
    expect((await get(donorPath(maria.uid), petru.token)).status).toBe(403);
    expect((await post('/api/staff/commemorations/pdf/', { lang: 'es' }, petru.token)).status).toBe(
      403,
    );
    expect((await post('/api/staff/commemorations/csv/', {}, maria.token)).status).toBe(403);
    const recorded = await db()
      .collection('staff_actions')
      .where('staff', 'in', [maria.uid, petru.uid])
      .get();
    expect(recorded.size).toBe(0);
  });

  it("show a donor's names on their page; a person without an account has none", async () => {
    const page = await get(donorPath(maria.uid));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ names: MARIA_LIST.names, on_certificate: true });
    const mailbox = await get(donorPath('email:nadie@parroquia.test'));
    expect(await mailbox.json()).toEqual({
      names: [],
      on_certificate: false,
      updated_at: null,
      may_give_names: false,
    });
  });

  it("print the priest's list: living and departed apart, first names only, recorded", async () => {
    const printed = await post('/api/staff/commemorations/pdf/', { lang: 'ro' });
    expect(printed.status).toBe(200);
    expect(printed.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfPageTexts(new Uint8Array(await printed.arrayBuffer()))).join('\n');
    const lines = text.split('\n');
    const living = lines.indexOf('Vii');
    const departed = lines.indexOf('Adormiți');
    expect(living).toBeGreaterThan(-1);
    expect(departed).toBeGreaterThan(living);
    const between = lines.slice(living, departed);
    const after = lines.slice(departed);
    expect(between).toEqual(expect.arrayContaining(['Zenovia', 'Paraschiva']));
    expect(after).toContain('Teoctist');
    expect(after).not.toContain('Zenovia');
    // The donors are not named on the priest's paper.
    expect(text).not.toContain('Maria Pomelnic');
    const record = await lastAction('print-commemorations');
    expect(record).toMatchObject({ staff: DEMO.staff.uid, plots: [], reason: null });
    expect(record.details.rows).toBeGreaterThanOrEqual(MARIA_LIST.names.length);
  });

  it('download the CSV: a row per name with its donor, recorded with how many', async () => {
    const exported = await post('/api/staff/commemorations/csv/', {});
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = (await exported.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe('estado;nombre;donante;codigo_personal');
    const code = (await db().collection('users').doc(maria.uid).get()).get('personal_code');
    expect(rows).toEqual(
      expect.arrayContaining([
        `"vivo";"Zenovia";"Maria Pomelnic";"${code}"`,
        `"vivo";"Paraschiva";"Maria Pomelnic";"${code}"`,
        `"difunto";"Teoctist";"Maria Pomelnic";"${code}"`,
      ]),
    );
    const record = await lastAction('export-commemorations');
    expect(record.details.rows).toBe(rows.length - 2);
  });

  it('list both kinds on the record, filtered by kind', async () => {
    for (const kind of ['print-commemorations', 'export-commemorations']) {
      const page = await get(`/api/staff/actions/?kind=${kind}`);
      expect(page.status).toBe(200);
      const { actions } = (await page.json()) as { actions: Array<{ action: string }> };
      expect(actions.length).toBeGreaterThan(0);
      expect(actions.every((action) => action.action === kind)).toBe(true);
    }
  });
});

async function lastAction(kind: string) {
  const found = await db().collection('staff_actions').where('action', '==', kind).get();
  const mine = found.docs
    .map((doc) => doc.data())
    .filter((data) => data.at.toMillis() >= startedAt)
    .sort((a, b) => b.at.toMillis() - a.at.toMillis());
  expect(mine.length).toBeGreaterThan(0);
  return mine[0]! as { staff: string; plots: string[]; reason: null; details: { rows: number } };
}

describe('who may give names, and staff taking one off', () => {
  it('an account that never gave is refused in its language and nothing is stored; emptying is allowed', async () => {
    const stranger = await newDonor(authHost, db(), 'Nunca Dio');
    // The page is told not to offer the form: no gift stands.
    expect(await (await get(PATH, stranger.token)).json()).toMatchObject({
      names: [],
      may_give_names: false,
    });
    const refused = await post(PATH, MARIA_LIST, stranger.token, 'ro');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/le dau donatorii/);
    expect(await stored(stranger.uid)).toBeUndefined();
    expect((await post(PATH, { names: [], on_certificate: false }, stranger.token)).status).toBe(
      200,
    );
  });

  it("a donor whose gift no longer stands is left out of the priest's list and the CSV", async () => {
    const lapsed = await newDonor(authHost, db(), 'Ya No Dona');
    const plot = await giveAPlot(lapsed.uid);
    const names = { names: [{ name: 'Filofteia', state: 'living' }], on_certificate: false };
    expect((await post(PATH, names, lapsed.token)).status).toBe(200);
    const csv = async () => await (await post('/api/staff/commemorations/csv/', {})).text();
    expect(await csv()).toContain('Filofteia');
    // Its plot freed (refunded or voided): no gift stands.
    await resetPlots(db(), [plot]);
    expect(await csv()).not.toContain('Filofteia');
    const pdf = await post('/api/staff/commemorations/pdf/', { lang: 'es' });
    const text = (await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(' ');
    expect(text).not.toContain('Filofteia');
    await db().collection('commemorations').doc(lapsed.uid).delete();
  });

  it('staff take a name off with a reason: gone from the list and the CSV, recorded', async () => {
    const donor = await newDonor(authHost, db(), 'Ana Quitar');
    await giveAPlot(donor.uid);
    const list = {
      names: [
        { name: 'Ruxandra', state: 'living' },
        { name: 'Broscoi', state: 'departed' },
      ],
      on_certificate: false,
    };
    expect((await post(PATH, list, donor.token)).status).toBe(200);
    const body = { id: donor.uid, name: 'Broscoi', state: 'departed', reason: 'No es un nombre' };
    // A donor cannot; nor without a reason.
    expect((await post('/api/staff/commemorations/remove/', body, donor.token)).status).toBe(403);
    expect((await post('/api/staff/commemorations/remove/', { ...body, reason: ' ' })).status).toBe(
      400,
    );
    const removed = await post('/api/staff/commemorations/remove/', body);
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await removed.json()).toEqual({ names: [{ name: 'Ruxandra', state: 'living' }] });
    expect((await stored(donor.uid))?.names).toEqual([{ name: 'Ruxandra', state: 'living' }]);
    const csv = await (await post('/api/staff/commemorations/csv/', {})).text();
    expect(csv).toContain('Ruxandra');
    expect(csv).not.toContain('Broscoi');
    const [action] = (
      await db()
        .collection('staff_actions')
        .where('action', '==', 'remove-commemoration')
        .orderBy('at', 'desc')
        .limit(1)
        .get()
    ).docs.map((doc) => doc.data());
    expect(action).toMatchObject({
      staff: DEMO.staff.uid,
      reason: 'No es un nombre',
      details: { query: { donor: donor.uid, name: 'Broscoi', state: 'departed' }, rows: 1 },
    });
    // Already gone: 404.
    expect((await post('/api/staff/commemorations/remove/', body)).status).toBe(404);
    await db().collection('commemorations').doc(donor.uid).delete();
  });
});
