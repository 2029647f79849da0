/**
 * `npm run bench` (after the Firestore emulator's figures): how long the 250 physical
 * certificates PDF takes to draw and how big it is. Figures, not a pass/fail test.
 */
import { randomInt } from 'node:crypto';
import { generateCertificateCodes, MAX_CERTIFICATE_COUNT } from '@parroquia/domain';
import { physicalCertificatesPdf } from '../functions/src/pdf/physical-certificates.ts';

const TARGET_MS = 3000;
const RUNS = 5;

const timings: number[] = [];
let bytes = 0;
for (let run = 0; run < RUNS; run += 1) {
  const codes = generateCertificateCodes(MAX_CERTIFICATE_COUNT, randomInt);
  const started = performance.now();
  const pdf = await physicalCertificatesPdf(codes);
  timings.push(performance.now() - started);
  bytes = pdf.length;
}
const sorted = [...timings].sort((a, b) => a - b);
const median = sorted[Math.floor(RUNS / 2)]!;
const first = timings[0]!;
console.log(`\nphysical certificates PDF, ${MAX_CERTIFICATE_COUNT} pages (${RUNS} runs)`);
console.log(`  first run      ${first.toFixed(0)} ms   (target < ${TARGET_MS} ms)`);
console.log(`  median         ${median.toFixed(0)} ms   (target < ${TARGET_MS} ms)`);
console.log(
  `  size           ${(bytes / 1024).toFixed(0)} KiB (${(bytes / MAX_CERTIFICATE_COUNT / 1024).toFixed(1)} KiB a page)`,
);
