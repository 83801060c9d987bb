import { describe, expect, it } from 'vitest';
import { NO_MUSICAL_FACTS } from './music';
import { musicSummary } from './music-summary';

describe('musicSummary', () => {
  it('leads a pack with its tempo, short key and first genre', () => {
    expect(
      musicSummary({
        ...NO_MUSICAL_FACTS,
        bpmMin: 88,
        bpmMax: 88,
        key: 'D minor',
        genres: ['soul', 'hip-hop'],
        formats: ['wav', 'midi'],
      }),
    ).toBe('88 BPM · Dm · Soul · WAV · MIDI');
    expect(musicSummary({ ...NO_MUSICAL_FACTS, bpmMin: 90, bpmMax: 120, key: 'F# major' })).toBe(
      '90–120 BPM · F#',
    );
  });

  it('gives a plugin its formats and systems, and a product without facts nothing', () => {
    expect(
      musicSummary({
        ...NO_MUSICAL_FACTS,
        formats: ['vst3', 'au', 'aax'],
        systems: ['macos', 'windows'],
        daws: ['ableton-live'],
      }),
    ).toBe('VST3 · AU · AAX · macOS · Windows');
    expect(musicSummary(NO_MUSICAL_FACTS)).toBe('');
  });
});
