import { webNodeDriver } from './drivers/web-node.ts';
import { conformanceSuite } from './scenarios.ts';

conformanceSuite(webNodeDriver);
