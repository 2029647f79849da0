import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n, loadLanguage } from '@/lib/i18n';

beforeEach(async () => {
  await loadLanguage('en');
  await loadLanguage('ro');
  await i18n.changeLanguage('es');
});

afterEach(() => {
  cleanup();
});
