import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';
import { PARISH_VARIABLES, unsetParishVariables } from '@/config/parish-variables';
import { parishDetails } from './parish-details';

const ALL_SET = {
  VITE_PARISH_BANK_HOLDER: 'Parroquia Ortodoxa Rumana de Asturias',
  VITE_PARISH_BANK_NAME: 'Caja Rural de Asturias',
  VITE_PARISH_IBAN: 'ES91 2100 0418 4502 0005 1332',
  VITE_PARISH_BIC: 'CRASES2AXXX',
  VITE_PARISH_CONTACT_EMAIL: 'parroquia@example.org',
  VITE_PARISH_CONTACT_PHONE: '+34 985 00 00 00',
};

describe('parishDetails', () => {
  it('shows every configured detail as it was set', () => {
    expect(parishDetails(parseEnv(ALL_SET))).toEqual({
      holder: 'Parroquia Ortodoxa Rumana de Asturias',
      bank: 'Caja Rural de Asturias',
      iban: 'ES91 2100 0418 4502 0005 1332',
      bic: 'CRASES2AXXX',
      contactEmail: 'parroquia@example.org',
      contactPhone: '+34 985 00 00 00',
    });
  });

  it('invents nothing: unset, empty and blank details are null', () => {
    const details = parishDetails(
      parseEnv({ VITE_PARISH_IBAN: 'ES91 2100', VITE_PARISH_BIC: '', VITE_PARISH_BANK_NAME: '  ' }),
    );
    expect(details).toEqual({
      holder: null,
      bank: null,
      iban: 'ES91 2100',
      bic: null,
      contactEmail: null,
      contactPhone: null,
    });
  });
});

describe('PARISH_VARIABLES', () => {
  it('names exactly the variables the app reads', () => {
    const read = Object.values(parishDetails(parseEnv(ALL_SET)));
    expect(Object.values(PARISH_VARIABLES).sort()).toEqual(Object.keys(ALL_SET).sort());
    expect(read.every((value) => value !== null)).toBe(true);
  });

  it('lists the unset ones, blank counting as unset', () => {
    expect(unsetParishVariables(ALL_SET)).toEqual([]);
    expect(
      unsetParishVariables({ ...ALL_SET, VITE_PARISH_IBAN: ' ', VITE_PARISH_BIC: undefined }),
    ).toEqual(['VITE_PARISH_IBAN', 'VITE_PARISH_BIC']);
  });
});
