import { describe, expect, it } from 'vitest';
import { dropSignUpName, holdSignUpName, takeSignUpName } from './sign-up-name';

describe('the sign-up name handed to the first sync', () => {
  it('goes to the account of that e-mail (any case), once', () => {
    holdSignUpName('Ana@Parroquia.test', 'Ana Pop');
    expect(takeSignUpName('ana@parroquia.test')).toBe('Ana Pop');
    expect(takeSignUpName('ana@parroquia.test')).toBeNull();
  });

  it('never to another account, and not after a failed sign-up', () => {
    holdSignUpName('ana@parroquia.test', 'Ana Pop');
    expect(takeSignUpName('ion@parroquia.test')).toBeNull();
    expect(takeSignUpName(null)).toBeNull();
    dropSignUpName();
    expect(takeSignUpName('ana@parroquia.test')).toBeNull();
  });
});
