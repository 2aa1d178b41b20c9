import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines']])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas, but keeps signed amounts as numbers', () => {
    expect(toCsv([['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tx', 'fine']])).toBe(
      "'=1+2,'+SUM(A1),'-2+3,'@cmd,'\tx,fine\r\n",
    );
    expect(toCsv([[{ amount: '-12.50' }, { amount: '3.00' }, { amount: '=HYPERLINK("x")' }]])).toBe(
      `-12.50,3.00,"'=HYPERLINK(""x"")"\r\n`,
    );
  });
});
