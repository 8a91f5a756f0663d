import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, toCsv } from './csv.ts';

/** An RFC 4180 reader (quoted cells, doubled quotes, CRLF records), to read back what was written. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return records;
}

describe('csv', () => {
  it('quotes cells holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvLine(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });

  it('prefixes a cell that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    // only the first character counts
    expect(csvCell('a=1')).toBe('a=1');
    expect(csvCell('100.00')).toBe('100.00');
  });

  it('reads back as written, a guarded cell with its prefix, one record per row', () => {
    const cellArb = fc.option(fc.string({ unit: 'binary', maxLength: 20 }), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.array(cellArb, { minLength: 1, maxLength: 5 }), { maxLength: 8 }),
        (rows) => {
          const width = Math.max(1, ...rows.map((row) => row.length));
          const padded = rows.map((row) => [...row, ...Array(width - row.length).fill(null)]);
          const header = Array.from({ length: width }, (_, index) => `c${index}`);
          const parsed = parseCsv(toCsv(header, padded));
          expect(parsed).toHaveLength(padded.length + 1);
          padded.forEach((row, rowIndex) => {
            row.forEach((value, column) => {
              const text = value ?? '';
              const expected = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
              expect(parsed[rowIndex + 1]?.[column]).toBe(expected);
              expect(parsed[rowIndex + 1]?.[column]).not.toMatch(/^[=+\-@\t\r]/);
            });
          });
        },
      ),
    );
  });
});
