/** Rules regular expressions are RE2; the common subset maps onto JavaScript's syntax. */
import { fail } from './values.ts';

const cache = new Map<string, RegExp>();

/** `whole`: `matches()` must match the entire string, as RE2's full match does. */
export function compileRegex(pattern: string, whole: boolean): RegExp {
  const key = `${whole ? 'w' : 'p'}:${pattern}`;
  let compiled = cache.get(key);
  if (!compiled) {
    const translated = pattern.replace(/\(\?P</g, '(?<').replace(/\\z/g, '$').replace(/\\A/g, '^');
    try {
      compiled = new RegExp(whole ? `^(?:${translated})$` : translated, 's');
    } catch {
      return fail(`Invalid regular expression: ${pattern}`);
    }
    cache.set(key, compiled);
  }
  compiled.lastIndex = 0;
  return compiled;
}
