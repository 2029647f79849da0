import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n, loadStaffTexts } from '@/lib/i18n';

// Routes load lazily: on a busy two-core machine (npm test runs two lanes at once) a first
// import can take longer than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  // Every text, the staff screens' too: a component test renders its component without its page.
  await loadStaffTexts('es');
  await loadStaffTexts('en');
  await loadStaffTexts('ro');
  await i18n.changeLanguage('es');
});

afterEach(() => {
  cleanup();
});
