/** The differential SDK table through the web SDK in headless Chromium (WebChannel + REST). */
import { BROWSER_CASES } from './cases/sdk.ts';
import { sdkTable } from './support/sdk-table.ts';

sdkTable('differential (web SDK in Chromium)', BROWSER_CASES);
