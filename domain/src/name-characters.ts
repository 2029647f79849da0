/**
 * The characters of a typed name that show nothing, and those that would break or reorder the
 * line around them: the one rule behind every name the site takes (sign-up, the profile, the
 * sign-in sync, staff registrations) and behind what the certificates print (docs/product.md,
 * "Names").
 *
 * - Invisible characters: white space of any width (the no-break space, the ideographic space,
 *   the line and paragraph separators...), Unicode's default-ignorable code points (zero-width
 *   space, non-joiner and joiner, word joiner, byte order mark, bidi marks and controls, soft
 *   hyphen, the Hangul fillers, variation selectors...) and the blank braille pattern, which
 *   shows as a space.
 * - A name's invisible characters are trimmed off both ends, as spaces always were; what is left
 *   must have a character with a shape of its own (not invisible, not a combining mark, which
 *   only sits on another letter), or the name is empty.
 * - Inside a name, control characters, the line and paragraph separators and the bidi
 *   embeddings, overrides and isolates are refused, as control characters always were: they break
 *   the line or reverse what follows. The other invisible characters are kept as typed (joiners
 *   are part of how some scripts and emoji are written); they show nothing on the map, and the
 *   certificates leave them out (`visibleText`).
 */

/** White space, default-ignorable code points and the blank braille pattern (U+2800). */
const INVISIBLE = String.raw`\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800`;
const INVISIBLE_AT_EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'gu');
/** A character that is neither invisible nor a combining mark. */
const SHAPED = new RegExp(`[^${INVISIBLE}\\p{M}]`, 'u');
/** Control characters, line and paragraph separators, bidi embeddings, overrides, isolates. */
const LINE_CONTROLS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const SPACES = /[\p{White_Space}\u2800]+/gu;

/** `text` without the invisible characters at its ends (and with those inside). */
export function trimInvisible(text: string): string {
  return text.replace(INVISIBLE_AT_EDGES, '');
}

/** Nothing a reader would see: only invisible characters and combining marks, or nothing. */
export function isBlankName(text: string): boolean {
  return !SHAPED.test(text);
}

/** Whether `text` has a character that breaks the line or reverses what follows it. */
export function hasLineControls(text: string): boolean {
  return LINE_CONTROLS.test(text);
}

/**
 * The text as a reader sees it, the way a page prints it: composed (NFC: `s` with a combining
 * comma below becomes `ș`), default-ignorable characters left out, each run of spaces one space,
 * none at the ends.
 */
export function visibleText(text: string): string {
  return text.normalize('NFC').replace(IGNORABLE, '').replace(SPACES, ' ').trim();
}
