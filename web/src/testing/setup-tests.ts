import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n, loadLanguage } from '@/lib/i18n';

// Routes load lazily: on a busy two-core machine (npm test runs two lanes at once) a first
// import can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await loadLanguage('es');
  await loadLanguage('en');
  await loadLanguage('ro');
  await i18n.changeLanguage('es');
});

afterEach(() => {
  cleanup();
});
