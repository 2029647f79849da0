/**
 * What legitimately differs between two emulators answering the same request: the project id
 * (each case runs in a fresh project), commit and read times, transaction ids, resume tokens,
 * generated document ids. Everything else is compared exactly.
 */

const TIME_KEYS = new Set(['updateTime', 'createTime', 'readTime', 'commitTime']);
const TOKEN_KEYS = new Set([
  'transaction',
  'resumeToken',
  'nextPageToken',
  'streamToken',
  'streamId',
]);

/** A fresh id per case, valid for real Firestore (lowercase, digits, dashes). */
export function caseProjectId(): string {
  return `diff-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}

export function normalise(value: unknown, projectId: string): unknown {
  if (typeof value === 'string') return value.split(projectId).join('{project}');
  if (Array.isArray(value)) return value.map((item) => normalise(item, projectId));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  // Key order carries no meaning in JSON (Google's emulator writes map fields in its own order).
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, item] of entries) {
    // Where an offset's skipped count is reported depends on how the server batches results.
    if (key === 'skippedResults') continue;
    if (TIME_KEYS.has(key) && typeof item === 'string') out[key] = '{time}';
    else if (TOKEN_KEYS.has(key) && typeof item === 'string') out[key] = '{token}';
    else out[key] = normalise(item, projectId);
  }
  return out;
}
