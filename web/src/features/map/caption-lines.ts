/**
 * A donor's name laid out inside a 53.5 px plot at a readable size: at most two lines, broken
 * between words when it can be, cut with an ellipsis when it is longer (the whole name is in the
 * plot's accessible name and its details popover). The widths are an estimate of a sans-serif's
 * glyphs, so no text is measured while 936 plots render.
 */

/** The plot's inner width for text, in map units. */
export const CAPTION_MAX_WIDTH = 47;
/** The caption's font size, in map units: at the map's default zoom (>= 0.92) it is >= 11 px. */
export const CAPTION_FONT_SIZE = 12;

const NARROW = new Set("iljtfrI.,:;!|'’ ()-");
const WIDE = new Set('mwMWÑ@');

/** Estimated width of `text` at `size`, in the same units. */
export function estimateWidth(text: string, size = CAPTION_FONT_SIZE): number {
  let em = 0;
  for (const character of text) {
    if (NARROW.has(character)) em += 0.3;
    else if (WIDE.has(character)) em += 0.85;
    else if (character !== character.toLowerCase() || /\d/.test(character)) em += 0.64;
    else em += 0.53;
  }
  return em * size;
}

const fits = (text: string) => estimateWidth(text) <= CAPTION_MAX_WIDTH;

/** The longest start of `text` that fits, with `suffix` appended. */
function cut(text: string, suffix: string): string {
  const characters = [...text];
  for (let end = characters.length; end > 0; end -= 1) {
    const candidate = characters.slice(0, end).join('').trimEnd() + suffix;
    if (fits(candidate)) return candidate;
  }
  return suffix;
}

/** One or two lines for the caption; the last ends in "…" when the name was cut. */
export function captionLines(caption: string): string[] {
  const text = caption.trim().replace(/\s+/g, ' ');
  if (fits(text)) return [text];
  const words = text.split(' ');
  let first = '';
  let used = 0;
  // As many whole words as fit on the first line.
  while (used < words.length) {
    const candidate = first === '' ? words[used]! : `${first} ${words[used]}`;
    if (!fits(candidate)) break;
    first = candidate;
    used += 1;
  }
  let rest: string;
  if (first === '') {
    // One long word (an anonymous donor's code): broken where the line is full.
    const characters = [...text];
    let end = characters.length;
    while (end > 1 && !fits(characters.slice(0, end).join(''))) end -= 1;
    first = characters.slice(0, end).join('');
    rest = characters.slice(end).join('').trimStart();
  } else {
    rest = words.slice(used).join(' ');
  }
  if (rest === '') return [first];
  return [first, fits(rest) ? rest : cut(rest, '…')];
}
