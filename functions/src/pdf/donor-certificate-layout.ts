/**
 * How large the donor certificate's name, list of plots and church plan are drawn, so that they
 * fit one page between the heading and the foot (docs/screens.md, "The certificate"): the first
 * scale on which they fit, from the roomiest down. A name stays on one line while it can shrink
 * to 18 pt, then wraps (a word longer than the line is cut between letters); the list and the
 * plan shrink before the name goes below 18 pt. Any accepted name (120 characters, however wide)
 * with 100 plots fits; only hundreds of plots can still run past the page, onto more pages.
 *
 * The names the donor asks prayers for, when they chose to print them, follow the plots in the
 * list's type, living and departed each a line that wraps ("Vivos: Ioan, Maria…"), under a
 * heading; they take their room before the name and the plots do. One more scale, with a smaller
 * plan, and then smaller type for the names alone keep the longest name, 100 plots and 20 names of
 * 30 characters (of any characters the rule accepts) on one page.
 */
import type { PDFFont } from 'pdf-lib';
import { textWidth, wrapText } from './text-layout';

/** The name's size when it is short. */
const NAME_SIZE = 30;
/** Down to this size a name shrinks to stay on one line; below it, it wraps. */
const ONE_LINE_FLOOR = 18;
/** Baseline to baseline, in sizes. */
export const NAME_LEADING = 1.3;
export const LIST_LEADING = 1.4;

interface Scale {
  /** The smallest the name may get on this scale. */
  nameFloor: number;
  listSize: number;
  /** The plan's width; its height follows the 1300 x 2100 drawing. */
  planWidth: number;
}

/** From the roomiest down; the last is the smallest type that still reads well on paper. */
const SCALES: readonly Scale[] = [
  { nameFloor: 18, listSize: 11, planWidth: 190 },
  { nameFloor: 18, listSize: 10, planWidth: 175 },
  { nameFloor: 16, listSize: 9, planWidth: 160 },
  { nameFloor: 14, listSize: 8.5, planWidth: 150 },
  { nameFloor: 12, listSize: 8, planWidth: 150 },
  { nameFloor: 10, listSize: 7.5, planWidth: 150 },
];

/**
 * With the names to be remembered, one more: the plan gives up room before the type does. A
 * narrower plan would gain nothing: the foot's right column (code, date, QR code, signature
 * line) is as tall as a 130 pt wide plan.
 */
const SCALES_WITH_NAMES: readonly Scale[] = [
  ...SCALES,
  { nameFloor: 10, listSize: 7.5, planWidth: 130 },
];

/** The smallest the names to be remembered get, reached only by names of the widest signs. */
const NAMES_FLOOR = 4;
/** Above the names' lines: a gap and their heading, in the plots heading's size. */
export const COMMEMORATION_HEADING_SIZE = 11.5;
export const COMMEMORATION_GAP = 10;
/** Below the heading: the names' type may be much smaller than the heading's. */
export const COMMEMORATION_HEADING_AFTER = 3;
const commemorationHeading =
  COMMEMORATION_GAP + COMMEMORATION_HEADING_SIZE * LIST_LEADING + COMMEMORATION_HEADING_AFTER;

export interface TextBlock {
  size: number;
  lines: string[];
}

/** The names to be remembered, each group's lines already labelled ("Vivos: Ioan, Maria"). */
export interface CommemorationBlock {
  size: number;
  lines: string[];
}

export interface MiddleLayout {
  name: TextBlock;
  plots: TextBlock;
  /** Null when the certificate prints no names. */
  commemorations: CommemorationBlock | null;
  planWidth: number;
  /** False when even the last scale leaves plots over: the list goes on onto more pages. */
  fitsOnePage: boolean;
}

export interface MiddleRequest {
  /** The name as printed (`visibleText`). */
  name: string;
  /** The plots' codes, comma-separated. */
  plotList: string;
  /** The groups of names as printed, each labelled; empty or absent: none printed. */
  commemorations?: readonly string[];
  bold: PDFFont;
  regular: PDFFont;
  /** The width of a line of text. */
  width: number;
  /** The height the name's and the list's lines may take, above a foot with a plan this wide. */
  roomFor: (planWidth: number) => number;
}

export function layOutMiddle(request: MiddleRequest): MiddleLayout {
  const { name, plotList, bold, regular, width, roomFor } = request;
  const groups = request.commemorations ?? [];
  const names = (size: number): CommemorationBlock | null =>
    groups.length === 0
      ? null
      : { size, lines: groups.flatMap((group) => wrapText(group, regular, size, width)) };
  const namesHeight = (layout: CommemorationBlock | null) =>
    layout ? commemorationHeading + layout.lines.length * layout.size * LIST_LEADING : 0;
  const scales = groups.length === 0 ? SCALES : SCALES_WITH_NAMES;
  for (const scale of scales) {
    const plots = block(plotList, regular, scale.listSize, width);
    const commemorations = names(scale.listSize);
    const room =
      roomFor(scale.planWidth) - height(plots, LIST_LEADING) - namesHeight(commemorations);
    const fitted = fitName(name, bold, width, scale.nameFloor, room);
    if (fitted) {
      return { name: fitted, plots, commemorations, planWidth: scale.planWidth, fitsOnePage: true };
    }
  }
  // Names of the widest characters (a run of three-em dashes is a name the rule accepts): on the
  // last scale, their type alone shrinks further, so the page still holds them.
  if (groups.length > 0) {
    const last = scales[scales.length - 1]!;
    const plots = block(plotList, regular, last.listSize, width);
    for (let size = last.listSize - 0.5; size >= NAMES_FLOOR; size -= 0.5) {
      const commemorations = names(size);
      const room =
        roomFor(last.planWidth) - height(plots, LIST_LEADING) - namesHeight(commemorations);
      const fitted = fitName(name, bold, width, last.nameFloor, room);
      if (fitted) {
        return {
          name: fitted,
          plots,
          commemorations,
          planWidth: last.planWidth,
          fitsOnePage: true,
        };
      }
    }
  }
  // Hundreds of plots: the name as large as on a roomy page, the list as small as it gets and
  // running on, and the foot, on a page of its own if need be, with the largest plan.
  return {
    name: block(name, bold, roomySize(name, bold, width), width),
    plots: block(plotList, regular, scales[scales.length - 1]!.listSize, width),
    commemorations: names(scales[scales.length - 1]!.listSize),
    planWidth: SCALES[0]!.planWidth,
    fitsOnePage: false,
  };
}

/** The largest name, one line if it can be 18 pt or more, whose lines take at most `room`. */
function fitName(
  name: string,
  font: PDFFont,
  width: number,
  floor: number,
  room: number,
): TextBlock | null {
  for (let size = roomySize(name, font, width); size >= floor; size -= 0.5) {
    const fitted = block(name, font, size, width);
    if (height(fitted, NAME_LEADING) <= room) return fitted;
  }
  return null;
}

/** The name's size with room to spare: as large as fits one line, 30 pt at most, 18 at least. */
function roomySize(name: string, font: PDFFont, width: number): number {
  const natural = textWidth(font, name, 1);
  const oneLine = natural > 0 ? Math.floor((2 * width) / natural) / 2 : NAME_SIZE;
  return Math.min(NAME_SIZE, Math.max(oneLine, ONE_LINE_FLOOR));
}

function block(text: string, font: PDFFont, size: number, width: number): TextBlock {
  const lines = wrapText(text, font, size, width);
  return { size, lines: lines.length > 0 ? lines : [''] };
}

const height = (text: TextBlock, leading: number) => text.lines.length * text.size * leading;
