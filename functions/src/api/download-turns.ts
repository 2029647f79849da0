/**
 * Downloads take turns within an instance (issue 40 item 5). Printing a PDF is the API's only
 * long stretch of CPU (about 0.1 s a certificate, warm), and an instance serves up to 80
 * requests at once on one CPU: 25 certificates drawn together would keep every other request,
 * the map's among them, waiting behind all of them. Two at a time keep the CPU busy while the
 * map's short answers slip in between; the rest of the downloads wait their turn.
 */
import pLimit from 'p-limit';

const DOWNLOADS_AT_ONCE = 2;

const turns = pLimit(DOWNLOADS_AT_ONCE);

/** Runs `download` when its turn comes. */
export const inDownloadTurn = <T>(download: () => Promise<T>): Promise<T> => turns(download);
