import { describe, expect, it } from 'vitest';
import { cancelCheckoutBodySchema } from './checkout-cancel';

describe('cancelCheckoutBodySchema', () => {
  it('takes only our own checkout references', () => {
    const reference = `chk_${'0a'.repeat(12)}`;
    expect(cancelCheckoutBodySchema.parse({ checkout: reference })).toEqual({
      checkout: reference,
    });
    for (const checkout of [
      'cs_test_1',
      `chk_${'0A'.repeat(12)}`,
      `chk_${'0a'.repeat(13)}`,
      7,
      '',
    ]) {
      expect(cancelCheckoutBodySchema.safeParse({ checkout }).success, String(checkout)).toBe(
        false,
      );
    }
  });
});
