/**
 * Like explain.ts, for the SDK cases:
 *   GOOGLE_FIRESTORE_URL=http://127.0.0.1:<port of a running Google emulator> tsx test/differential/explain-sdk.ts [name filter]
 */
import { setLogLevel } from 'firebase/firestore';
import { start } from '../../src/server.ts';
import { SDK_CASES } from './cases/sdk.ts';
import { runSdkCase } from './support/sdk.ts';

const googleUrl = process.env.GOOGLE_FIRESTORE_URL;
if (!googleUrl) throw new Error('set GOOGLE_FIRESTORE_URL to a running Google emulator');
setLogLevel('silent');
const filter = process.argv[2] ?? '';
const ours = await start({ port: 0, host: '127.0.0.1', quiet: true });
let differing = 0;
for (const sdkCase of SDK_CASES.filter((candidate) => candidate.name.includes(filter))) {
  const { outcome: mine } = await runSdkCase(`127.0.0.1:${ours.port}`, sdkCase);
  const { outcome: theirs } = await runSdkCase(new URL(googleUrl).host, sdkCase);
  if (JSON.stringify(mine) === JSON.stringify(theirs) && mine.code === sdkCase.expect) continue;
  differing++;
  console.log(`## ${sdkCase.name} (table: ${sdkCase.expect})`);
  console.log(`ours:   ${JSON.stringify(mine).slice(0, 600)}`);
  console.log(`google: ${JSON.stringify(theirs).slice(0, 600)}`);
}
console.log(`${differing} cases differ`);
await ours.stop();
process.exit(0);
