/**
 * The differential table through the SDKs in Node: firebase-admin and the web SDK (gRPC), the
 * lite SDK (REST). See `support/sdk-table.ts` for what each case asserts.
 */
import { SDK_CASES } from './cases/sdk.ts';
import { sdkTable } from './support/sdk-table.ts';

sdkTable('differential (SDKs)', SDK_CASES);
