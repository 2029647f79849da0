import { describe, expect, it } from 'vitest';
import { donorDisplay } from './donor';

describe('donor display', () => {
  it('shows the name, or the personal code of an anonymous donor', () => {
    const ana = { name: 'Ana García', personal_code: 'ANA7K3QZ', is_anonymous_donor: false };
    expect(donorDisplay(ana)).toBe('Ana García');
    expect(donorDisplay({ ...ana, is_anonymous_donor: true })).toBe('ANA7K3QZ');
  });
});
