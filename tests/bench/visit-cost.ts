/**
 * What one visit costs, for `npm run bench:web` (`web.ts`): Firestore documents read (issue 21's
 * targets) and bytes transferred (issue 31's page budgets, `PAGE_BUDGETS`) by a first visit to
 * the home page, a first signed-in visit to the map and the map again, in headless Chromium
 * against the local test stack (docs/architecture.md, "What a visit reads").
 *
 * Documents read: REST reads of documents, and the documents a listener of cells delivered on
 * the page (the `cells-snapshot` marks' `documents`). The map's snapshot answer is the CDN's: its
 * 936 reads happen once per `s-maxage` window however many visit, so it is printed apart.
 * A third visit, the map again with the browser's cache, shows what Hosting's caching saves a
 * returning donor.
 * Bytes: every response's bytes on the wire (Chromium's `encodedDataLength`, HTTP/1.1 from the
 * emulators); and as Hosting sends them: each body as it came (Brotli or gzip) or, for a text
 * answer an emulator sent uncompressed, gzipped, plus `HEADERS_SENT` for its headers. Hosting
 * answers over HTTP/2 or 3, where a header repeated from an earlier answer of the connection
 * (the security headers, the same on every answer) costs a few bytes (HPACK, QPACK); over the
 * emulator's HTTP/1.1 every answer carries all of them again, about 1.1 KB each.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { DEMO } from '../support/clients.ts';
import { median, target } from './figures.ts';
import { signInToMap } from './sign-in.ts';

const RUNS = Number(process.env.BENCH_VISIT_RUNS ?? 3);

/**
 * Issue 31's page budgets, in KB (1024 bytes) as Hosting sends them (see above): everything a
 * first visit to the home page loads; everything a first visit to the map loads, signed in; and
 * the map visited again with the HTTP cache warm (hashed assets cached `immutable`, so mostly the
 * HTML revalidated, the snapshot and the listener's traffic).
 */
export const PAGE_BUDGETS = { homeKb: 150, mapFirstKb: 340, mapAgainKb: 16 } as const;
/** What an answer's headers cost as Hosting sends them (see above): a generous average. */
const HEADERS_SENT = 300;

interface Transfer {
  wire: number;
  asHostingSends: number;
  firestoreDocuments: number;
  /** The largest answers as Hosting sends them: where the bytes go. */
  largest: Array<{ path: string; bytes: number }>;
}

/**
 * Counts a page's transfers from the DevTools protocol until `stop()`. `cached`: the browser's
 * HTTP cache is used (a visit again), and an answer it served costs nothing; otherwise nothing
 * comes from it (a first visit).
 */
async function recordTransfers(
  context: BrowserContext,
  page: Page,
  firestoreHost: string,
  cached: boolean,
) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !cached });
  /** Answers the browser's cache served: they cost nothing. */
  const fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
  const responses = new Map<string, { url: string; encoding: string; mime: string }>();
  const streamed = new Map<string, number>();
  /** The raw header block of each answer, where Chromium reports it. */
  const headerBytes = new Map<string, number>();
  const finished: Array<{ id: string; encoded: number }> = [];
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache) fromCache.add(event.requestId);
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      encoding: String(headers['content-encoding'] ?? ''),
      mime: event.response.mimeType,
    });
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (event.headersText) headerBytes.set(event.requestId, event.headersText.length);
  });
  cdp.on('Network.dataReceived', (event) => {
    streamed.set(event.requestId, (streamed.get(event.requestId) ?? 0) + event.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    finished.push({ id: event.requestId, encoded: event.encodedDataLength });
  });
  return async function stop(): Promise<Transfer> {
    let wire = 0;
    let asHostingSends = 0;
    let firestoreDocuments = 0;
    const sizes: Transfer['largest'] = [];
    const done = new Set(finished.map(({ id }) => id));
    for (const { id, encoded } of finished) {
      if (fromCache.has(id)) continue;
      wire += encoded;
      const response = responses.get(id);
      // The body as it came: the bytes on the wire less the header block.
      let body = Math.max(0, encoded - (headerBytes.get(id) ?? 0));
      if (response && !response.encoding && /text|javascript|json|svg|xml/.test(response.mime)) {
        try {
          const { body: text, base64Encoded } = await cdp.send('Network.getResponseBody', {
            requestId: id,
          });
          const raw = Buffer.from(text, base64Encoded ? 'base64' : 'utf8');
          body = Math.min(body, gzipSync(raw, { level: 6 }).length);
        } catch {
          // A body Chromium no longer keeps: counted as it came.
        }
      }
      const sent = body + HEADERS_SENT;
      asHostingSends += sent;
      if (response) sizes.push({ path: new URL(response.url).pathname, bytes: sent });
      if (response && new URL(response.url).host === firestoreHost) {
        if (/\/documents\/[^?]+/.test(new URL(response.url).pathname)) firestoreDocuments += 1;
      }
    }
    // Still-open answers (the listener's channel): their bytes so far.
    for (const [id, bytes] of streamed) {
      if (!done.has(id)) {
        wire += bytes;
        asHostingSends += bytes;
      }
    }
    await cdp.detach();
    sizes.sort((a, b) => b.bytes - a.bytes);
    return {
      wire,
      asHostingSends,
      firestoreDocuments,
      largest: sizes.slice(0, Number(process.env.BENCH_VISIT_LARGEST ?? 5)),
    };
  };
}

/**
 * The documents the map's listener delivered on this page (the `cells-snapshot` marks of
 * `web/src/features/map/api/subscribe-cells.ts`); NaN for a build whose marks do not say.
 */
function listenedDocuments(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance
      .getEntriesByName('cells-snapshot')
      .reduce(
        (sum, mark) =>
          sum +
          (((mark as PerformanceMark).detail as { documents?: number } | null)?.documents ??
            Number.NaN),
        0,
      ),
  );
}

/** Waits until the map has drawn its last plot (X39, in reading order). */
function mapDrawn(page: Page): Promise<void> {
  return page.locator('[data-code="X39"]').waitFor({ state: 'attached', timeout: 30_000 });
}

/**
 * A visit to the map in a new tab of `context` (signed in already): what it transferred and the
 * documents its listener delivered. `cached`: with the browser's cache (see recordTransfers).
 */
async function visitMap(
  context: BrowserContext,
  siteUrl: string,
  firestoreHost: string,
  cached: boolean,
): Promise<{ transfer: Transfer; listened: number }> {
  const page = await context.newPage();
  const stop = await recordTransfers(context, page, firestoreHost, cached);
  await page.goto(`${siteUrl}/donativos`);
  await mapDrawn(page);
  await page.waitForTimeout(1500);
  const listened = await listenedDocuments(page);
  return { transfer: await stop(), listened };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** The figures of a first home visit, a first signed-in map visit and the map again, as lines to print. */
export async function visitCost(
  browser: Browser,
  siteUrl: string,
  firestoreHost: string,
): Promise<string[]> {
  const home: Transfer[] = [];
  const map: Transfer[] = [];
  const mapAgain: Transfer[] = [];
  const listenerDocuments: number[] = [];
  // "Nothing changed" includes the map listener's margin before the snapshot's read time
  // (`COMMIT_LATENCY_MARGIN_MS`, 10 s, web/src/features/map/api/subscribe-cells.ts): the
  // plots the bench's earlier figures wrote would otherwise be read again, as they should be.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  for (let run = 0; run < RUNS; run += 1) {
    // A first visit: nothing cached.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const stop = await recordTransfers(context, page, firestoreHost, false);
    await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
    await page.getByTestId('progress-plots').waitFor();
    await page.waitForTimeout(1500);
    const homeVisit = await stop();
    // A listener on the home page would read too: its documents count with the REST reads.
    homeVisit.firestoreDocuments += await listenedDocuments(page);
    home.push(homeVisit);

    // Signed in (its own requests not counted), then a first visit to the map in a new tab.
    await signInToMap(page, siteUrl, DEMO.ana);
    await mapDrawn(page);
    const first = await visitMap(context, siteUrl, firestoreHost, false);
    listenerDocuments.push(first.listened);
    map.push(first.transfer);

    // The map again in a new tab, the site's files in the browser's cache (the sign-in above
    // loaded them; Hosting lets it keep /assets/ a year): what a returning donor costs.
    mapAgain.push((await visitMap(context, siteUrl, firestoreHost, true)).transfer);
    await context.close();
  }
  const sentKb = (visits: Transfer[]) => median(visits.map((visit) => visit.asHostingSends)) / 1024;
  const bytes = (visits: Transfer[], budgetKb: number) => {
    const value = sentKb(visits);
    return `${value.toFixed(0)} KB gzip as Hosting sends them (bodies compressed, headers as over HTTP/2) ${target(Math.round(value), { atMost: budgetKb }, 'KB')}`;
  };
  const wire = (visits: Transfer[]) =>
    `${kb(median(visits.map((visit) => visit.wire)))} on the wire from the Hosting emulator`;
  const largest = (visit: Transfer) =>
    visit.largest
      .map(({ path, bytes }) => `${path.split('/').filter(Boolean).pop()} ${kb(bytes)}`)
      .join(', ');
  return [
    `  what a visit costs (a phone-sized window, nothing cached but where said, median of ${RUNS}):`,
    `    Firestore reads per home visit: ${median(home.map((visit) => visit.firestoreDocuments))} (target 1)`,
    `    Firestore reads per map visit, nothing changed: ${median(listenerDocuments)} (target ≤ 10), plus the snapshot's 936 once per 10 s for all visitors (Hosting's CDN)`,
    `    home page, everything a first visit loads: ${bytes(home, PAGE_BUDGETS.homeKb)}; ${wire(home)}`,
    `    map, a first visit signed in: ${bytes(map, PAGE_BUDGETS.mapFirstKb)}; ${wire(map)}`,
    `    map, a repeat visit (HTTP cache warm): ${bytes(mapAgain, PAGE_BUDGETS.mapAgainKb)}; ${wire(mapAgain)}`,
    `    largest of a home visit: ${largest(home.at(-1)!)}`,
    `    largest of a map visit: ${largest(map.at(-1)!)}`,
    `    largest of a map visit again: ${largest(mapAgain.at(-1)!)}`,
  ];
}
