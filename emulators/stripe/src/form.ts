/**
 * The request bodies the stripe SDK sends: `application/x-www-form-urlencoded` with bracketed
 * keys (`line_items[0][price_data][currency]=eur`, `metadata[uid]=...`). Read back into nested
 * objects; numeric keys make arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, FormValue>;
    });
  }
  return root;
}

function keyPath(key: string): string[] {
  const head = key.split('[', 1)[0]!;
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
  return [head, ...rest];
}

export function asRecord(value: FormValue | undefined): Record<string, FormValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/** Arrays arrive as `[]` or, when sparse, as objects keyed by index. */
export function asList(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined);
  if (typeof value === 'object' && value !== null) return Object.values(value);
  return [];
}

export function asString(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `metadata[key]=value` pairs; anything nested is not metadata and is dropped. */
export function asMetadata(value: FormValue | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(asRecord(value))) {
    if (typeof entry === 'string') metadata[key] = entry;
  }
  return metadata;
}
