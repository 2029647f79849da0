/**
 * Whatever fails (the host's body parser, the router, a handler), the API answers JSON in the
 * caller's language, with no stack, no `X-Powered-By` and no CORS grant to foreign origins:
 * through Hosting, the Functions emulator's runtime and our Firestore.
 */
import { DOMAIN_MESSAGES, parsePlotCode, type Language } from '@parroquia/domain';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  callApi,
  consentingDonor,
  newEmailAccount,
  type TestAccount,
} from '../support/accounts.ts';
import { DEMO, idTokenOf } from '../support/clients.ts';
import { withinOneWindow } from '../support/rate-limits.ts';

const siteUrl = inject('siteUrl');
const authHost = inject('authHost');

const ACCEPT: Record<Language | 'none', Record<string, string>> = {
  none: {},
  es: { 'Accept-Language': 'es-ES,es;q=0.9' },
  en: { 'Accept-Language': 'en-GB,en;q=0.9,es;q=0.5' },
  ro: { 'Accept-Language': 'de;q=1, ro;q=0.8, en;q=0.3' },
};

/** The JSON error of an answer, after checking it is one and shows nothing of the server. */
async function errorOf(response: Response, status: number): Promise<string> {
  return (await answerOf(response, status)).error;
}

/** The error answer: its text and its `code`, the catalogue key screens decide by. */
async function answerOf(
  response: Response,
  status: number,
): Promise<{ error: string; code: string }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-powered-by')).toBeNull();
  expect(text).not.toMatch(/node_modules|SyntaxError|\bat \w+ \(|<html|<pre/i);
  const body = JSON.parse(text) as { error?: unknown; code?: unknown };
  expect(typeof body.error).toBe('string');
  // Every error the API throws is a catalogue's: none is answered without its key.
  expect(body.code, text).toMatch(/^[a-zA-Z]+$/);
  expect(body.code, text).not.toBe('unknown');
  return { error: body.error as string, code: body.code as string };
}

const exactly = (text: string | RegExp) =>
  typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;

let ana: string;
let donor: TestAccount;
beforeAll(async () => {
  ana = await idTokenOf(authHost, DEMO.ana);
  donor = await consentingDonor(siteUrl, await newEmailAccount(authHost), {
    name: 'Prueba Idiomas',
  });
});

describe('a malformed JSON body', () => {
  const POST_ROUTES = [
    '/api/users/sync/',
    '/api/users/link-code/',
    '/api/payments/stripe-multiple/',
    '/api/users/register-physical-certificate/',
    '/api/payments/webhook/',
    '/api/no-such-route/',
  ];

  it.each(POST_ROUTES)(
    'answers 400 JSON without a stack on %s, with or without a token',
    async (path) => {
      for (const token of [undefined, ana]) {
        const response = await callApi(siteUrl, path, { token, rawBody: '{"celdas": [' });
        expect(await errorOf(response, 400)).toBe('El cuerpo de la petición no es JSON válido.');
      }
    },
  );

  it('answers in the language of Accept-Language', async () => {
    const answers: Record<string, string> = {};
    for (const [language, headers] of Object.entries(ACCEPT)) {
      const response = await callApi(siteUrl, '/api/users/sync/', { rawBody: '{x', headers });
      answers[language] = await errorOf(response, 400);
    }
    expect(answers).toEqual({
      none: 'El cuerpo de la petición no es JSON válido.',
      es: 'El cuerpo de la petición no es JSON válido.',
      en: 'The request body is not valid JSON.',
      ro: 'Corpul cererii nu este JSON valid.',
    });
  });
});

describe("every error path in the caller's language", () => {
  const cases: Array<{
    what: string;
    status: number;
    call: () => [string, Parameters<typeof callApi>[2]];
    expected: Record<Language, string | RegExp>;
  }> = [
    {
      what: 'a refused field (schema message and field)',
      status: 400,
      call: () => ['/api/users/link-code/', { token: donor.idToken, body: { code: 'ABC' } }],
      expected: {
        es: 'El código debe tener 8 letras o números. (campo: code)',
        en: 'The code must have 8 letters or digits. (field: code)',
        ro: 'Codul trebuie să aibă 8 litere sau cifre. (câmp: code)',
      },
    },
    {
      what: "a field of the wrong type (the schema's own message)",
      status: 400,
      call: () => [
        '/api/users/sync/',
        { token: donor.idToken, body: { sub: donor.uid, email: 5 } },
      ],
      expected: {
        es: `${DOMAIN_MESSAGES.es.emailNotText} (campo: email)`,
        en: `${DOMAIN_MESSAGES.en.emailNotText} (field: email)`,
        ro: `${DOMAIN_MESSAGES.ro.emailNotText} (câmp: email)`,
      },
    },
    {
      what: "a body that is not an object (zod's own message, in the caller's locale)",
      status: 400,
      call: () => ['/api/users/sync/', { token: donor.idToken, body: [] }],
      expected: {
        es: /^Entrada inválida: .*objeto/,
        en: 'Invalid input: expected object, received array',
        ro: /^Intrare invalidă: .*obiect/,
      },
    },
    {
      what: 'no token',
      status: 401,
      call: () => ['/api/users/whoami/', {}],
      expected: {
        es: 'Inicia sesión para continuar.',
        en: 'Sign in to continue.',
        ro: 'Autentificați-vă pentru a continua.',
      },
    },
    {
      what: 'a staff route for a donor',
      status: 403,
      call: () => ['/api/users/generate-json-codes/', { token: ana, body: { count: 1 } }],
      expected: {
        es: 'Solo el personal de la parroquia puede hacer esto.',
        en: 'Only parish staff can do this.',
        ro: 'Doar personalul parohiei poate face acest lucru.',
      },
    },
    {
      what: 'an unknown route',
      status: 404,
      call: () => ['/api/no-such-route/', {}],
      expected: { es: 'Ruta no encontrada.', en: 'Route not found.', ro: 'Ruta nu a fost găsită.' },
    },
    {
      what: 'another method',
      status: 405,
      call: () => ['/api/cells/', { method: 'POST', body: {} }],
      expected: {
        es: 'Método no permitido.',
        en: 'Method not allowed.',
        ro: 'Metoda nu este permisă.',
      },
    },
    {
      what: 'a plot already bought',
      status: 409,
      call: () => [
        '/api/payments/stripe-multiple/',
        { token: ana, body: { celdas: [parsePlotCode('M10')] } },
      ],
      expected: {
        es: 'Alguna parcela no está disponible',
        en: 'Some plot is not available',
        ro: 'O parcelă nu este disponibilă',
      },
    },
    {
      what: 'a body over 64 KiB',
      status: 413,
      call: () => ['/api/users/sync/', { body: { name: 'x'.repeat(70_000) } }],
      expected: {
        es: 'La petición es demasiado grande.',
        en: 'The request is too large.',
        ro: 'Cererea este prea mare.',
      },
    },
  ];

  for (const { what, status, call, expected } of cases) {
    it(`${status}: ${what}`, async () => {
      const codes = new Set<string>();
      for (const language of ['es', 'en', 'ro'] as const) {
        const [path, options] = call();
        const headers = { ...options?.headers, ...ACCEPT[language] };
        const answer = await answerOf(
          await callApi(siteUrl, path, { ...options, headers }),
          status,
        );
        expect(answer.error).toMatch(exactly(expected[language]));
        codes.add(answer.code);
      }
      // The code is the same whatever the language: screens decide by it, not by the text.
      expect(codes.size).toBe(1);
      const [path, options] = call();
      expect(await errorOf(await callApi(siteUrl, path, options), status)).toMatch(
        exactly(expected.es),
      );
    });
  }

  it('429: past the link-code limit', async () => {
    await withinOneWindow();
    const account = await consentingDonor(siteUrl, await newEmailAccount(authHost));
    for (let i = 0; i < 10; i += 1) {
      await callApi(siteUrl, '/api/users/link-code/', {
        token: account.idToken,
        body: { code: 'QQQQ2222' },
      });
    }
    const answers: string[] = [];
    for (const language of ['ro', 'en', 'es'] as const) {
      const response = await callApi(siteUrl, '/api/users/link-code/', {
        token: account.idToken,
        body: { code: 'QQQQ2222' },
        headers: ACCEPT[language],
      });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      answers.push(await errorOf(response, 429));
    }
    expect(answers).toEqual([
      DOMAIN_MESSAGES.ro.tooManyAttempts,
      DOMAIN_MESSAGES.en.tooManyAttempts,
      DOMAIN_MESSAGES.es.tooManyAttempts,
    ]);
  });
});

describe('headers', () => {
  it('never sends X-Powered-By, on success or on error', async () => {
    for (const response of [
      await callApi(siteUrl, '/api/cells/'),
      await callApi(siteUrl, '/api/users/whoami/', { token: ana }),
      await callApi(siteUrl, '/api/no-such-route/'),
      await callApi(siteUrl, '/api/users/sync/', { rawBody: '{' }),
    ]) {
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('grants no foreign origin CORS access, for simple requests or preflights', async () => {
    const origin = 'https://attacker.example';
    const simple = await callApi(siteUrl, '/api/users/whoami/', {
      token: ana,
      headers: { Origin: origin },
    });
    expect(simple.status).toBe(200);
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${siteUrl}/api/users/update_user/`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });
});
