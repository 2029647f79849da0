/**
 * Every CSV the parish downloads (the ledger, the names for the priest) is written here, with the
 * csv project's `csv-stringify`: RFC 4180, every text cell quoted, CRLF line ends, in the
 * conventions of a spreadsheet set to Spanish (the parish's accountant opens it in Excel): cells
 * split on `;`, numbers with a decimal comma, dates as `dd/mm/aaaa hh:mm`. Excel set to Spanish
 * splits a `,`-separated file into nothing (each line in column A) and reads `750.00` as text or
 * as 75000.
 *
 * A spreadsheet runs a cell starting with = + - @ (or tab / carriage return) as a formula, so a
 * donor named `=HYPERLINK(...)` must stay text. Quoting keeps a cell whole for a reader that
 * honours quotes, but a cell can still be split by one that does not, or by "text to columns" on
 * a `;` or a `,`: so a formula start is neutralised at the cell's start and after every character
 * a spreadsheet could split on, with the apostrophe spreadsheets read as "this is text".
 */
import { stringify } from 'csv-stringify/sync';

/** The separator of every export: what a spreadsheet set to Spanish splits on. */
export const CSV_SEPARATOR = ';';

/** Every place a formula could start: the cell's start, or after what a spreadsheet splits on. */
const FORMULA_START = /(?<=^|[;,\t\r\n|])(?=[=+\-@\t\r])/g;

/** Text people typed, made safe to open: every formula start gets an apostrophe before it. */
export function neutraliseFormula(value: string): string {
  return value.replace(FORMULA_START, "'");
}

/** A cell the parish writes itself (an amount, a date): written as given, never neutralised. */
export interface CsvNumber {
  number: string;
}

export type CsvCell = string | CsvNumber;

/**
 * Header and rows as one CSV file: the header's names (ours) bare, text cells neutralised and
 * quoted, numbers bare, CRLF after every row (the last one too).
 */
export function csvFile(
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
): string {
  const lines = (records: CsvCell[][], quoted: boolean) =>
    stringify(records, {
      delimiter: CSV_SEPARATOR,
      record_delimiter: '\r\n',
      quoted_string: quoted,
      // A number the parish wrote is written as it is, never quoted.
      cast: { object: (value) => String(value.number) },
    });
  const records = rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : cell)),
  );
  return lines([[...header]], false) + lines(records, true);
}

/** Cents as a Spanish spreadsheet reads a number: `1234,50`, `-50,00` (no thousands mark). */
export function spreadsheetEuros(cents: number): CsvNumber {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return { number: `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}` };
}
