import { describe, expect, it } from 'vitest';
import {
  factsOfFileName,
  isHiddenEntry,
  isPackCategory,
  packEntryTypeOf,
  type FileNameFacts,
} from './pack-extraction';

describe('factsOfFileName: what a pack file name says', () => {
  it.each<[string, FileNameFacts]>([
    [
      'Loops/Keys_Loop_Am_120bpm.wav',
      { name: 'Keys Loop Am 120bpm', bpm: 120, key: 'A minor', kind: 'loop' },
    ],
    [
      'Bass 120 BPM F#min.wav',
      { name: 'Bass 120 BPM F#min', bpm: 120, key: 'F# minor', kind: 'loop' },
    ],
    ['Pads/Pad C major.flac', { name: 'Pad C major', bpm: null, key: 'C major', kind: null }],
    ['One Shots/Kick_01.wav', { name: 'Kick 01', bpm: null, key: null, kind: 'one-shot' }],
    [
      'Drum Loop 02 - 140BPM.wav',
      { name: 'Drum Loop 02 - 140BPM', bpm: 140, key: null, kind: 'loop' },
    ],
    [
      'MIDI/Chords Ebm 90 bpm.mid',
      { name: 'Chords Ebm 90 bpm', bpm: 90, key: 'Eb minor', kind: 'midi' },
    ],
    [
      'Vox (a minor) [128bpm].ogg',
      { name: 'Vox (a minor) [128bpm]', bpm: 128, key: 'A minor', kind: 'loop' },
    ],
    // A range is no one tempo; a lone number is no tempo.
    ['Fills 90-100 bpm.wav', { name: 'Fills 90-100 bpm', bpm: null, key: null, kind: 'loop' }],
    [
      'Snare-Roll-150bpm-Gm.wav',
      { name: 'Snare-Roll-150bpm-Gm', bpm: 150, key: 'G minor', kind: 'loop' },
    ],
    ['Texture 120.wav', { name: 'Texture 120', bpm: null, key: null, kind: null }],
  ])('%s', (path, facts) => expect(factsOfFileName(path)).toEqual(facts));
});

describe('which entries are items', () => {
  it.each([
    ['a/b.wav', 'audio'],
    ['a/b.WAV', 'audio'],
    ['b.mp3', 'audio'],
    ['b.flac', 'audio'],
    ['b.ogg', 'audio'],
    ['b.mid', 'midi'],
    ['b.MIDI', 'midi'],
    ['b.aiff', 'audio'],
    ['b.aif', 'audio'],
    ['b.AIFC', 'audio'],
    ['b.txt', null],
    ['b.pdf', null],
    ['folder/', null],
    ['wav', null],
  ])('%s → %s', (path, type) => expect(packEntryTypeOf(path)).toBe(type));

  it.each([
    ['__MACOSX/Pack/._Kick.wav', true],
    ['Pack/._Kick.wav', true],
    ['Pack/.DS_Store', true],
    ['Pack/Kick.wav', false],
  ])('%s hidden: %s', (path, hidden) => expect(isHiddenEntry(path)).toBe(hidden));
});

describe('isPackCategory', () => {
  it.each([
    ['audio-midi-packs', true],
    ['sample-packs', true],
    ['midi-pack', true],
    ['packs', true],
    ['plugins', false],
    ['backpacks', false],
    ['packaging-tools', false],
    [null, false],
  ])('%s → %s', (slug, pack) => expect(isPackCategory(slug)).toBe(pack));
});
