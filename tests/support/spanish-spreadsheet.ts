/**
 * An exported CSV read the way Excel set to Spanish reads it, so a test fails where the
 * accountant's spreadsheet would: cells split on `;` (quotes honoured), a number has a decimal
 * comma and no other mark, a date is `dd/mm/aaaa hh:mm`. A cell of another shape is text to that
 * spreadsheet: `750.00` is not a number there. (The byte-order mark that tells Excel the file is
 * UTF-8 is checked on the file's bytes: `fetch`'s `text()` drops it.)
 */
import { parse } from 'csv-parse/sync';

export interface SpanishSheet {
  header: string[];
  /** Each row by its header's names. */
  rows: Record<string, string>[];
}

export function readAsSpanishExcel(file: string): SpanishSheet {
  const [header = [], ...records]: string[][] = parse(file.replace(/^\uFEFF/, ''), {
    delimiter: ';',
  });
  return {
    header,
    rows: records.map((record) =>
      Object.fromEntries(header.map((name, column) => [name, record[column] ?? ''])),
    ),
  };
}

/** The number Spanish Excel reads in a cell, in cents; NaN when it reads text. */
export function spanishCents(cell: string): number {
  const match = /^(-?)(\d+),(\d{2})$/.exec(cell);
  if (!match) return Number.NaN;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/** The date and time Spanish Excel reads in a cell (`dd/mm/aaaa hh:mm`), or null for text. */
export function spanishDateTime(cell: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(cell);
  return match ? `${match[3]}-${match[2]}-${match[1]} ${match[4]}:${match[5]}` : null;
}

/** The sum of the amounts of an exported ledger, in cents (NaN when one is not a number). */
export function ledgerCsvNetCents(file: string): number {
  return readAsSpanishExcel(file).rows.reduce(
    (sum, row) => sum + spanishCents(row.importe_eur ?? ''),
    0,
  );
}
