import { describe, expect, it } from 'vitest';
import { csvField, csvRow, neutraliseFormula } from './csv';

describe('neutraliseFormula', () => {
  it.each([
    ['=HYPERLINK("http://evil.test")', `'=HYPERLINK("http://evil.test")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['\r=1', `'\r=1`],
  ])('prefixes %j, which would start a formula, with a quote', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each(['ada@example.com', 'home_page', 'a=b', 'x-1', '', ' =spaced', "'quoted"])(
    'leaves %j, which starts no formula, as it is',
    (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    },
  );
});

describe('csvField and csvRow', () => {
  it('quote every field, doubling the quotes inside', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a,b\nc')).toBe('"a,b\nc"');
  });

  it('neutralise before quoting, and end a row with CRLF', () => {
    expect(csvRow(['=1+1', 'x'])).toBe(`"'=1+1","x"\r\n`);
  });
});
