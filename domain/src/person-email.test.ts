import { describe, expect, it } from 'vitest';
import { mailboxKey } from './person-email';

describe('mailboxKey', () => {
  it('reads every spelling of one Gmail mailbox as one key', () => {
    const key = mailboxKey('ab@gmail.com');
    for (const alias of [
      'a.b@gmail.com',
      'A.B@Gmail.com',
      'a.b+x@gmail.com',
      'ab+parroquia@gmail.com',
      'a.b@googlemail.com',
      ' ab@GOOGLEMAIL.COM ',
    ]) {
      expect(mailboxKey(alias), alias).toBe(key);
    }
  });

  it('drops +tags everywhere but keeps dots outside Gmail', () => {
    expect(mailboxKey('maria+misa@parroquia.es')).toBe('maria@parroquia.es');
    expect(mailboxKey('maria.pop@parroquia.es')).not.toBe(mailboxKey('mariapop@parroquia.es'));
  });

  it('keeps different mailboxes apart', () => {
    expect(mailboxKey('ab@gmail.com')).not.toBe(mailboxKey('ab@gmail.es'));
    expect(mailboxKey('abc@gmail.com')).not.toBe(mailboxKey('ab@gmail.com'));
  });

  it('leaves an address without a mailbox name as it is (lowercased)', () => {
    expect(mailboxKey('+x@gmail.com')).toBe('+x@gmail.com');
    expect(mailboxKey('nobody')).toBe('nobody');
  });
});
