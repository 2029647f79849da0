import { describe, expect, it } from 'vitest';
import { returnPathAt, returnPathOf } from './return-path';

describe('the return path kept in the history state', () => {
  it('returns to a path of this site', () => {
    expect(returnPathOf({ returnTo: '/donativos' })).toBe('/donativos');
    expect(returnPathOf({ returnTo: '/success?session_id=cs_1' })).toBe('/success?session_id=cs_1');
  });

  it('goes home without a state, for other sites, and never back to /login or /post-login', () => {
    expect(returnPathOf(null)).toBe('/');
    expect(returnPathOf({})).toBe('/');
    expect(returnPathOf({ returnTo: 'https://evil.example/' })).toBe('/');
    expect(returnPathOf({ returnTo: '//evil.example/' })).toBe('/');
    expect(returnPathOf({ returnTo: '/login' })).toBe('/');
    expect(returnPathOf({ returnTo: '/post-login' })).toBe('/');
  });

  it("takes the sign-up e-mail's ?returnTo= when the history keeps none, by the same rules", () => {
    expect(returnPathAt({ state: null, search: '?returnTo=%2Fdonativos' })).toBe('/donativos');
    expect(returnPathAt({ state: { returnTo: '/mi-cuenta' }, search: '?returnTo=/x' })).toBe(
      '/mi-cuenta',
    );
    expect(returnPathAt({ state: null, search: '?returnTo=%2F%2Fevil.example' })).toBe('/');
    expect(returnPathAt({ state: undefined, search: '' })).toBe('/');
  });
});
