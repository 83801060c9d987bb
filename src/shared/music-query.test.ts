import { describe, expect, it } from 'vitest';
import { parseMusicQuery, tempoWindow, type UnderstoodMusic } from './music-query';

type Expected = Partial<UnderstoodMusic> & { text?: string };

/** Typed text → what the search understands; anything not named is empty. */
const table: [string, Expected][] = [
  // Tempo
  ['128 bpm', { bpm: { min: 128, max: 128 } }],
  ['128bpm', { bpm: { min: 128, max: 128 } }],
  ['bpm 128', { bpm: { min: 128, max: 128 } }],
  ['128 BPM', { bpm: { min: 128, max: 128 } }],
  ['90-100 bpm', { bpm: { min: 90, max: 100 } }],
  ['90 - 100 bpm', { bpm: { min: 90, max: 100 } }],
  ['90–100bpm', { bpm: { min: 90, max: 100 } }],
  ['100-90 bpm', { bpm: { min: 90, max: 100 } }],
  ['5 bpm', { text: '5 bpm' }],
  ['128', { text: '128' }],
  // Keys, as the store spells them
  ['a minor', { key: 'A minor' }],
  ['A Minor', { key: 'A minor' }],
  ['Am', { key: 'A minor' }],
  ['F#m', { key: 'F# minor' }],
  ['f# minor', { key: 'F# minor' }],
  ['f sharp minor', { key: 'F# minor' }],
  ['C# major', { key: 'C# major' }],
  ['Db major', { key: 'C# major' }],
  ['D#m', { key: 'Eb minor' }],
  ['Gb', { key: 'F# major' }],
  ['G#m', { key: 'Ab minor' }],
  ['A#', { key: 'Bb major' }],
  ['Bb', { key: 'Bb major' }],
  ['ebm', { key: 'Eb minor' }],
  ['Cmaj', { key: 'C major' }],
  ['key of c', { key: 'C major' }],
  ['b flat minor', { key: 'Bb minor' }],
  // A lone letter is not a key
  ['a', { text: 'a' }],
  ['a sample pack', { text: 'a sample pack' }],
  ['plan b', { text: 'plan b' }],
  // Genres, multi-word and aliases
  ['hip hop', { genres: ['hip-hop'] }],
  ['hiphop', { genres: ['hip-hop'] }],
  ['Hip-Hop', { genres: ['hip-hop'] }],
  ['lo-fi', { genres: ['lo-fi'] }],
  ['lofi', { genres: ['lo-fi'] }],
  ['dnb', { genres: ['drum-and-bass'] }],
  ['drum and bass', { genres: ['drum-and-bass'] }],
  ['drum & bass', { genres: ['drum-and-bass'] }],
  ['r&b', { genres: ['rnb'] }],
  ['rnb', { genres: ['rnb'] }],
  ['deep house', { genres: ['deep-house'] }],
  ['boom bap', { genres: ['boom-bap'] }],
  // Instruments
  ['808', { instruments: ['808'] }],
  ['keys', { instruments: ['keys'] }],
  ['drums', { instruments: ['drums'] }],
  ['vocal', { instruments: ['vocals'] }],
  // Together
  ['trap 808', { genres: ['trap'], instruments: ['808'] }],
  ['90 bpm hip hop', { bpm: { min: 90, max: 90 }, genres: ['hip-hop'] }],
  [
    'dark trap 140 bpm F minor 808',
    {
      text: 'dark',
      bpm: { min: 140, max: 140 },
      key: 'F minor',
      genres: ['trap'],
      instruments: ['808'],
    },
  ],
  ['Am piano loops', { key: 'A minor', instruments: ['piano'], text: 'loops' }],
  ['analog bass synth', { text: 'analog', instruments: ['bass', 'synth'] }],
  ['glasshouse reverb', { text: 'glasshouse reverb' }],
  ['Reese & Sub', { text: 'reese & sub' }],
  ['hip hop hiphop', { genres: ['hip-hop'] }],
  ['', {}],
];

describe('parseMusicQuery', () => {
  it.each(table)('%j', (typed, expected) => {
    const { phrases: _phrases, ...understood } = parseMusicQuery(typed);
    expect(understood).toEqual({
      text: '',
      bpm: null,
      key: null,
      genres: [],
      instruments: [],
      ...expected,
    });
  });

  it('keeps the words typed for each genre and instrument', () => {
    expect(parseMusicQuery('Hip-Hop drum loops').phrases).toEqual({
      'hip-hop': 'hip hop',
      drums: 'drum',
    });
  });

  it('widens a typed tempo by 3 BPM each way', () => {
    expect(tempoWindow({ min: 90, max: 90 })).toEqual({ low: 87, high: 93 });
    expect(tempoWindow({ min: 90, max: 100 })).toEqual({ low: 87, high: 103 });
  });
});
