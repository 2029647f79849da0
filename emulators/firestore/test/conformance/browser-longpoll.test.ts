import { browserDriver } from './drivers/browser.ts';
import { conformanceSuite } from './scenarios.ts';

conformanceSuite(() => browserDriver({ longPolling: true }));
