/**
 * One Firestore document over Firestore's REST API, for a page that reads a single public
 * document and should not download the Firestore SDK for it (the home page's progress). The
 * security rules apply as to the SDK: the request carries no user, only the project's API key.
 */
import { env } from '@/config/env';

/** A REST value as plain JavaScript: numbers, strings and booleans; null for other types. */
function plainValue(value: Record<string, unknown>): unknown {
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('stringValue' in value) return value.stringValue;
  if ('booleanValue' in value) return value.booleanValue;
  return null;
}

function documentUrl(path: string): string {
  const origin = env.USE_EMULATORS
    ? `http://${env.FIRESTORE_EMULATOR_HOST}`
    : 'https://firestore.googleapis.com';
  const project = encodeURIComponent(env.FIREBASE_PROJECT_ID);
  const key = encodeURIComponent(env.FIREBASE_API_KEY);
  return `${origin}/v1/projects/${project}/databases/(default)/documents/${path}?key=${key}`;
}

/** The document's fields, or null when it does not exist; throws when it cannot be read. */
export async function readPublicDocument(
  path: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown> | null> {
  const response = await fetch(documentUrl(path), { signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path}: Firestore answered ${response.status}`);
  const document = (await response.json()) as { fields?: Record<string, Record<string, unknown>> };
  return Object.fromEntries(
    Object.entries(document.fields ?? {}).map(([name, value]) => [name, plainValue(value)]),
  );
}
