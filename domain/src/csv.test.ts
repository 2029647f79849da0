import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFile, neutraliseFormula, spreadsheetEuros } from './csv';

const FORMULA_START = /^[=+\-@\t\r]/;

/** The cells a spreadsheet could make of a line: split on `sep` as a reader that ignores quotes. */
function naiveCells(line: string, separator: string): string[] {
  return line.split(separator).map((cell) => cell.replace(/^"+|"+$/g, '').trimStart());
}

describe('CSV exports', () => {
  it('quote every text cell, leave the header and numbers bare, split on `;`, end rows with CRLF', () => {
    expect(
      csvFile(
        ['nombre', 'importe'],
        [
          ['López; María', spreadsheetEuros(1250)],
          ['El "Padre"', spreadsheetEuros(-500)],
        ],
      ),
    ).toBe('nombre;importe\r\n"López; María";12,50\r\n"El ""Padre""";-5,00\r\n');
  });

  it('write euros as a Spanish spreadsheet reads a number: decimal comma, no thousands mark', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const { number } = spreadsheetEuros(cents);
        expect(number).toMatch(/^-?\d+,\d{2}$/);
        expect(Math.round(Number(number.replace(',', '.')) * 100)).toBe(cents);
      }),
    );
  });

  it('neutralise a formula start at the start of a cell and after every separator', () => {
    for (const dangerous of ['=1+1', '+34 600', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutraliseFormula(dangerous)).toBe(`'${dangerous}`);
    }
    expect(neutraliseFormula('Ana')).toBe('Ana');
    expect(neutraliseFormula('Ana;=1+1;x')).toBe("Ana;'=1+1;x");
    expect(neutraliseFormula('a,@b|+c\n-d')).toBe("a,'@b|'+c\n'-d");
    const line = csvFile(['n'], [['Ana;=1+1;x']]).split('\r\n')[1]!;
    for (const separator of [';', ',']) {
      expect(naiveCells(line, separator).some((cell) => FORMULA_START.test(cell))).toBe(false);
    }
  });

  it('whatever people type: read back whole, and no cell a spreadsheet could split off starts a formula', () => {
    const typed = fc.string({
      unit: fc.constantFrom(...'ab=+-@;,|"\t\r\n \'ăș'.split('')),
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.array(typed, { minLength: 1, maxLength: 4 }), (cells) => {
        const file = csvFile(
          cells.map((_, i) => `c${i}`),
          [cells],
        );
        const records: string[][] = parse(file, { delimiter: ';' });
        const row = records[1];
        expect(row).toEqual(cells.map(neutraliseFormula));
        for (const cell of row!) {
          for (const separator of [';', ',', '\t', '\r', '\n', '|']) {
            for (const piece of cell.split(separator)) {
              expect(FORMULA_START.test(piece), JSON.stringify(cell)).toBe(false);
            }
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});
