import { describe, expect, it } from 'vitest';
import { CAPTION_MAX_WIDTH, captionLines, estimateWidth } from './caption-lines';

describe('captionLines', () => {
  it('keeps a short name on one line', () => {
    expect(captionLines('Ana')).toEqual(['Ana']);
  });

  it('breaks a first and last name between the words', () => {
    expect(captionLines('Begoña Núñez')).toEqual(['Begoña', 'Núñez']);
  });

  it('breaks an anonymous donor code in two parts, nothing lost', () => {
    const lines = captionLines('PVN4W8RT');
    expect(lines.join('')).toBe('PVN4W8RT');
    expect(lines).toHaveLength(2);
  });

  it('cuts a long name with an ellipsis, every line within the plot', () => {
    const lines = captionLines('María del Carmen Fernández-Villaverde');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    for (const line of lines) expect(estimateWidth(line)).toBeLessThanOrEqual(CAPTION_MAX_WIDTH);
  });
});
