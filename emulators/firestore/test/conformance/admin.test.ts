import { adminDriver } from './drivers/admin.ts';
import { conformanceSuite } from './scenarios.ts';

conformanceSuite(adminDriver);
