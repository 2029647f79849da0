import { afterEach, describe, expect, it } from 'vitest';
import { mailFrom } from '../src/adapters/mail-sender';

const before = process.env.MAIL_FROM_ADDRESS;
afterEach(() => {
  if (before === undefined) delete process.env.MAIL_FROM_ADDRESS;
  else process.env.MAIL_FROM_ADDRESS = before;
});

describe('mailFrom', () => {
  it("names the parish in the e-mail's language at the configured address", () => {
    process.env.MAIL_FROM_ADDRESS = ' donativos@parroquia.example ';
    expect(mailFrom('Parohia Ortodoxă din Asturias')).toBe(
      '"Parohia Ortodoxă din Asturias" <donativos@parroquia.example>',
    );
    expect(mailFrom('A "quoted" \\ name')).toBe('"A quoted  name" <donativos@parroquia.example>');
  });

  it("writes none without an address: the extension's default sender", () => {
    delete process.env.MAIL_FROM_ADDRESS;
    expect(mailFrom('Orthodox Parish of Asturias')).toBeNull();
    process.env.MAIL_FROM_ADDRESS = '  ';
    expect(mailFrom('Orthodox Parish of Asturias')).toBeNull();
  });
});
