import { describe, expect, it } from 'vitest';
import { archiveFileName, archiveSegment, uniqueName } from './archives';

describe('archiveSegment', () => {
  it.each([
    ['Drum Pack', 'Drum Pack'],
    ['AC/DC Riffs', 'AC_DC Riffs'],
    ['..\\..\\etc', '__.._etc'],
    ['What? "Loops" <v2>|*:', 'What_ _Loops_ _v2____'],
    ['tab\there\u0000', 'tab_here_'],
    ['   ', '_'],
    ['.hidden', '_hidden'],
    ['Sérum bank ✓', 'Sérum bank ✓'],
  ])('%j → %j', (name, segment) => {
    expect(archiveSegment(name)).toBe(segment);
  });
});

describe('uniqueName', () => {
  it('numbers repeats before the extension, case-insensitively', () => {
    const taken = new Set<string>();
    expect(
      ['A/x.zip', 'A/X.zip', 'A/x.zip', 'A/README', 'A/readme', 'B.v2/notes'].map((n) =>
        uniqueName(n, taken),
      ),
    ).toEqual(['A/x.zip', 'A/X (2).zip', 'A/x (3).zip', 'A/README', 'A/readme (2)', 'B.v2/notes']);
  });
});

describe('archiveFileName', () => {
  const createdAt = new Date('2026-11-27T10:00:00Z');
  it.each([
    [{ orderNumber: '1A2B3C4D', createdAt }, undefined, 'loopmarket-order-1A2B3C4D.zip'],
    [{ orderNumber: null, createdAt }, undefined, 'loopmarket-downloads-2026-11-27.zip'],
    [
      { orderNumber: null, createdAt },
      'WAV 24-bit',
      'loopmarket-downloads-2026-11-27-wav-24-bit.zip',
    ],
  ])('%j, format %j → %s', (archive, format, name) => {
    expect(archiveFileName(archive, format)).toBe(name);
  });
});
