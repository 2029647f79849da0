/**
 * Prints, side by side, what our emulator and Google's answer for every REST case that differs
 * (or whose status is not the table's). A tool for closing differences, not a test:
 *   GOOGLE_FIRESTORE_URL=http://127.0.0.1:<port of a running Google emulator> tsx test/differential/explain.ts [name filter]
 */
import { start } from '../../src/server.ts';
import { REST_CASES } from './cases/rest.ts';
import { comparable, runRestCase } from './support/rest.ts';

const googleUrl = process.env.GOOGLE_FIRESTORE_URL;
if (!googleUrl) throw new Error('set GOOGLE_FIRESTORE_URL to a running Google emulator');
const filter = process.argv[2] ?? '';
const ours = await start({ port: 0, host: '127.0.0.1', quiet: true });
const oursUrl = `http://127.0.0.1:${ours.port}`;
let differing = 0;
for (const restCase of REST_CASES.filter((candidate) => candidate.name.includes(filter))) {
  const mine = comparable(await runRestCase(oursUrl, restCase));
  const theirs = comparable(await runRestCase(googleUrl, restCase));
  const same = JSON.stringify(mine) === JSON.stringify(theirs);
  const agreed = restCase.deliberate ? theirs[0]!.status === restCase.deliberate.google : same;
  if (agreed && mine[0]!.status === restCase.expect) continue;
  differing++;
  console.log(`## ${restCase.name} (table: ${restCase.expect})`);
  const [a, b] = [JSON.stringify(mine), JSON.stringify(theirs)];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 300);
  console.log(`ours:   …${a.slice(from, at + 300)}`);
  console.log(`google: …${b.slice(from, at + 300)}`);
}
console.log(`${differing} cases differ`);
await ours.stop();
