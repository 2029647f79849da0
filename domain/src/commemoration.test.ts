import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  COMMEMORATION_NAME_MAX_LENGTH,
  MAX_COMMEMORATION_NAMES,
  checkCommemorationName,
  commemorationsBodySchema,
  commemorationsCsv,
  priestList,
  readCommemorations,
  validateCommemorations,
  type DonorCommemorations,
} from './commemoration';

const entry = (name: unknown, state: unknown = 'living') => ({ name, state });
const body = (names: unknown[], onCertificate: unknown = true) => ({
  names,
  on_certificate: onCertificate,
});

describe('validateCommemorations', () => {
  it('keeps the names trimmed of invisible characters, in the donor order, and the choice', () => {
    expect(
      validateCommemorations(
        body([entry('\u200B Ioan\u00A0', 'living'), entry('Maria', 'departed'), entry('Ioan')]),
      ),
    ).toEqual({
      ok: true,
      value: {
        names: [
          { name: 'Ioan', state: 'living' },
          { name: 'Maria', state: 'departed' },
          { name: 'Ioan', state: 'living' },
        ],
        on_certificate: true,
      },
    });
  });

  it('accepts an empty list (the donor removed every name)', () => {
    expect(validateCommemorations(body([], false))).toEqual({
      ok: true,
      value: { names: [], on_certificate: false },
    });
  });

  it(`accepts ${MAX_COMMEMORATION_NAMES} names and refuses one more, naming the list`, () => {
    const names = Array.from({ length: MAX_COMMEMORATION_NAMES }, (_, i) => entry(`Ana ${i}`));
    expect(validateCommemorations(body(names)).ok).toBe(true);
    expect(validateCommemorations(body([...names, entry('Elena')]))).toEqual({
      ok: false,
      error: 'Puedes dar como máximo 20 nombres para recordar.',
      path: ['names'],
    });
  });

  it.each([
    ['', 'El nombre no puede estar vacío.'],
    ['\u200B\u3164\u00A0', 'El nombre no puede estar vacío.'],
    ['\u0301\u0302', 'El nombre no puede estar vacío.'],
    ['Ana\u202EPop', 'El nombre contiene caracteres no permitidos.'],
    ['Ana\nPop', 'El nombre contiene caracteres no permitidos.'],
    [
      'a'.repeat(COMMEMORATION_NAME_MAX_LENGTH + 1),
      'El nombre no puede tener más de 30 caracteres.',
    ],
    [7, 'El nombre debe ser un texto.'],
  ])('refuses the third name %j, naming its entry and field', (name, reason) => {
    expect(
      validateCommemorations(body([entry('Ioan'), entry('Maria'), entry(name), entry('Vasile')])),
    ).toEqual({ ok: false, error: `Nombre n.º 3: ${reason}`, path: ['names', 2, 'name'] });
  });

  it('accepts a name of exactly 30 characters once trimmed', () => {
    const name = 'Ș'.repeat(COMMEMORATION_NAME_MAX_LENGTH);
    expect(validateCommemorations(body([entry(`  ${name}\u200B`)])).ok).toBe(true);
  });

  it.each([
    [
      body([entry('Ioan', 'alive')]),
      'Nombre n.º 1: Indica si la persona está viva o es difunta.',
      ['names', 0, 'state'],
    ],
    [
      body([{ name: 'Ioan' }]),
      'Nombre n.º 1: Indica si la persona está viva o es difunta.',
      ['names', 0, 'state'],
    ],
    [body(['Ioan']), 'Nombre n.º 1: La lista de nombres para recordar no es válida.', ['names', 0]],
    [
      { names: 'Ioan', on_certificate: true },
      'La lista de nombres para recordar no es válida.',
      ['names'],
    ],
    [[], 'La lista de nombres para recordar no es válida.', []],
    [
      body([], 'yes'),
      'La opción de imprimir los nombres en el certificado debe ser verdadero o falso.',
      ['on_certificate'],
    ],
    [
      { names: [] },
      'La opción de imprimir los nombres en el certificado debe ser verdadero o falso.',
      ['on_certificate'],
    ],
  ])('refuses %j', (input, error, path) => {
    expect(validateCommemorations(input)).toEqual({ ok: false, error, path });
  });
});

describe('commemorationsBodySchema', () => {
  it('answers the refusal at the path of the entry, for the API to name the field', () => {
    const result = z.safeParse(commemorationsBodySchema, body([entry('Ioan'), entry(' ')]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      message: 'Nombre n.º 2: El nombre no puede estar vacío.',
      path: ['names', 1, 'name'],
    });
  });
});

describe('checkCommemorationName (the form, while typing)', () => {
  it.each([
    ['', 'ro', 'Numele nu poate fi gol.'],
    ['a'.repeat(31), 'en', 'The name cannot be longer than 30 characters.'],
    ['An\u2066a', 'es', 'El nombre contiene caracteres no permitidos.'],
  ] as const)('refuses %j in %s', (value, language, message) => {
    expect(checkCommemorationName(value, language)).toEqual({ ok: false, message });
  });

  it('answers the trimmed name', () => {
    expect(checkCommemorationName(' Paraschiva ', 'ro')).toEqual({ ok: true, name: 'Paraschiva' });
  });
});

describe('readCommemorations', () => {
  it('reads an absent document as no names, not printed', () => {
    expect(readCommemorations(undefined)).toEqual({ names: [], on_certificate: false });
  });

  it('leaves out an entry that breaks the rule rather than printing it', () => {
    expect(
      readCommemorations({
        names: [
          entry('Ioan'),
          entry('', 'living'),
          entry('Maria', 'sleeping'),
          entry('Ana', 'departed'),
        ],
        on_certificate: true,
      }),
    ).toEqual({
      names: [
        { name: 'Ioan', state: 'living' },
        { name: 'Ana', state: 'departed' },
      ],
      on_certificate: true,
    });
  });
});

const donors: DonorCommemorations[] = [
  {
    uid: 'u1',
    donorName: 'Lucía Pérez',
    personalCode: 'AAAA2222',
    names: [
      { name: 'Ioan', state: 'living' },
      { name: 'Gheorghe', state: 'departed' },
      { name: 'Maria', state: 'living' },
    ],
  },
  {
    uid: 'u2',
    donorName: '=HYPERLINK("x")',
    personalCode: 'BBBB3333',
    names: [
      { name: 'Ana, la mare', state: 'departed' },
      { name: 'Ma\u200Bria', state: 'living' },
    ],
  },
];

describe("the priest's list", () => {
  it('groups every donor first names, living then departed, each donor in order, no donor names', () => {
    expect(priestList(donors)).toEqual({
      living: ['Ioan', 'Maria', 'Maria'],
      departed: ['Gheorghe', 'Ana, la mare'],
    });
  });

  it('CSV: one row per name, the living first, with the donor; text neutralised and quoted', () => {
    expect(commemorationsCsv(donors).split('\r\n')).toEqual([
      'estado;nombre;donante;codigo_personal',
      '"vivo";"Ioan";"Lucía Pérez";"AAAA2222"',
      '"vivo";"Maria";"Lucía Pérez";"AAAA2222"',
      `"vivo";"Maria";"'=HYPERLINK(""x"")";"BBBB3333"`,
      '"difunto";"Gheorghe";"Lucía Pérez";"AAAA2222"',
      `"difunto";"Ana, la mare";"'=HYPERLINK(""x"")";"BBBB3333"`,
      '',
    ]);
  });
});
