import { describe, expect, it } from 'vitest';
import type { PackItem } from '#shared/music';
import { contentsSummary, itemDuration, itemFacts } from './pack-item-facts';

const item = (fields: Partial<PackItem>): PackItem => ({
  id: 'i',
  name: 'Item',
  kind: 'loop',
  bpm: null,
  key: null,
  durationMs: 1000,
  previewUrl: null,
  previewPeaks: null,
  ...fields,
});

describe('itemDuration', () => {
  it.each([
    [600, '0.6 s'],
    [3429, '3.4 s'],
    [59_949, '59.9 s'],
    [60_000, '1:00'],
    [65_400, '1:05'],
  ])('%i ms reads %s', (ms, text) => {
    expect(itemDuration(ms)).toBe(text);
  });
});

describe('itemFacts', () => {
  it('names the type, then the tempo, key and length it has', () => {
    expect(itemFacts(item({ kind: 'midi', bpm: 72, key: 'Eb major', durationMs: 6667 }))).toBe(
      'MIDI, 72 BPM, Eb major, 6.7 s',
    );
    expect(itemFacts(item({ kind: 'one-shot', durationMs: 600 }))).toBe('One-shot, 0.6 s');
  });
});

describe('contentsSummary', () => {
  it('counts each kind in the order loops, one-shots, MIDI, leaving out kinds it lacks', () => {
    const items = [
      item({ kind: 'midi' }),
      item({ kind: 'loop' }),
      item({ kind: 'loop' }),
      item({ kind: 'midi' }),
    ];
    expect(contentsSummary(items)).toBe('2 loops, 2 MIDI files');
    expect(contentsSummary([item({ kind: 'one-shot' })])).toBe('1 one-shot');
  });
});
