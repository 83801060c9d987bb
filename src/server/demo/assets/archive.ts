import { strToU8, zipSync, type Zippable } from 'fflate';
import { renderAudioExamples } from './audio-examples';
import { sampleLicense, softwareLicense } from './license-texts';
import { bassMidi, chordsMidi, drumsMidi, melodyMidi } from './midi';
import { keyName, type SoundSpec } from './music-theory';
import { presetFiles, readme, userManual, type SoftwareDocsInput } from './software-docs';
import {
  renderBassLine,
  renderChordProgression,
  renderDrumLoop,
  renderOneShot,
  type OneShotKind,
} from './synth';
import { encodeWav } from './wav';

/** What a pack is built around; it decides the files and the preview. */
export type PackSound = 'drums' | 'keys' | 'bass' | 'groove';

export interface PackArchiveInput {
  name: string;
  sound: PackSound;
  spec: SoundSpec;
}

/** A fixed timestamp keeps archives byte-identical between runs (fflate defaults to now). */
const ARCHIVE_MTIME = new Date('2025-01-01T00:00:00Z');

/** 'Reese & Sub Bass Toolkit' → 'Reese-and-Sub-Bass-Toolkit': safe as a folder and a download name. */
export function downloadBaseName(name: string): string {
  return name
    .replace(/&/g, 'and')
    .replace(/[^A-Za-z0-9 -]+/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

function oneShots(
  spec: SoundSpec,
  kinds: readonly (readonly [OneShotKind, string, number])[],
): Zippable {
  const files: Zippable = {};
  for (const [kind, label, count] of kinds) {
    for (let variant = 0; variant < count; variant++) {
      files[`${label}_${String(variant + 1).padStart(2, '0')}.wav`] = encodeWav(
        renderOneShot(kind, spec, variant),
      );
    }
  }
  return files;
}

/** Loops, one-shots and MIDI in folders, as producers expect to find them in a pack. */
function packContents(input: PackArchiveInput): {
  oneShots: Zippable;
  loops: Zippable;
  midi: Zippable;
} {
  const { spec } = input;
  const tag = `${spec.tempo}BPM_${keyName(spec.root, spec.mode).replace(' ', '_')}`;
  switch (input.sound) {
    case 'drums':
      return {
        oneShots: oneShots(spec, [
          ['kick', 'Kick', 3],
          ['snare', 'Snare', 2],
          ['hat', 'Hat_Closed', 2],
          ['open-hat', 'Hat_Open', 1],
        ]),
        loops: {
          [`Drum_Loop_${spec.tempo}BPM_01.wav`]: encodeWav(renderDrumLoop(spec, 1, 0)),
          [`Drum_Loop_${spec.tempo}BPM_02.wav`]: encodeWav(renderDrumLoop(spec, 1, 1)),
        },
        midi: {
          'Drum_Pattern_01.mid': drumsMidi('Drum Pattern 01', spec, 2, 0),
          'Drum_Pattern_02.mid': drumsMidi('Drum Pattern 02', spec, 2, 1),
        },
      };
    case 'keys':
      return {
        oneShots: oneShots(spec, [['chord', 'Chord', 3]]),
        loops: { [`Chords_${tag}.wav`]: encodeWav(renderChordProgression(spec)) },
        midi: {
          [`Chords_01_${tag}.mid`]: chordsMidi('Chords 01', spec, 0),
          [`Chords_02_${tag}.mid`]: chordsMidi('Chords 02', spec, 1),
          [`Chords_03_${tag}.mid`]: chordsMidi('Chords 03', spec, 2),
          [`Melody_01_${tag}.mid`]: melodyMidi('Melody 01', spec, 0),
          [`Melody_02_${tag}.mid`]: melodyMidi('Melody 02', spec, 1),
        },
      };
    case 'bass':
      return {
        oneShots: oneShots(spec, [['bass-note', 'Bass', 3]]),
        loops: {
          [`Bass_Loop_01_${tag}.wav`]: encodeWav(renderBassLine(spec, 0)),
          [`Bass_Loop_02_${tag}.wav`]: encodeWav(renderBassLine(spec, 1)),
        },
        midi: {
          [`Bass_Line_01_${tag}.mid`]: bassMidi('Bass Line 01', spec, 0),
          [`Bass_Line_02_${tag}.mid`]: bassMidi('Bass Line 02', spec, 1),
        },
      };
    case 'groove':
      return {
        oneShots: oneShots(spec, [
          ['kick', 'Kick', 1],
          ['snare', 'Snare', 1],
          ['chord', 'Chord', 1],
          ['bass-note', 'Bass', 1],
        ]),
        loops: {
          [`Drums_${spec.tempo}BPM.wav`]: encodeWav(renderDrumLoop(spec, 1)),
          [`Chords_${tag}.wav`]: encodeWav(renderChordProgression(spec)),
          [`Bass_${tag}.wav`]: encodeWav(renderBassLine(spec)),
        },
        midi: {
          [`Chords_${tag}.mid`]: chordsMidi('Chords', spec),
          [`Bass_${tag}.mid`]: bassMidi('Bass', spec),
          [`Melody_${tag}.mid`]: melodyMidi('Melody', spec),
          [`Drums_${spec.tempo}BPM.mid`]: drumsMidi('Drums', spec, 2),
        },
      };
  }
}

export function buildPackArchive(input: PackArchiveInput): Uint8Array {
  const contents = packContents(input);
  const root = downloadBaseName(input.name);
  return zipSync(
    {
      [root]: {
        'One-Shots': contents.oneShots,
        Loops: contents.loops,
        MIDI: contents.midi,
        'LICENSE.txt': strToU8(sampleLicense(input.name)),
      },
    },
    { level: 6, mtime: ARCHIVE_MTIME },
  );
}

export function buildSoftwareArchive(input: SoftwareDocsInput): Uint8Array {
  const presets: Zippable = {};
  for (const [file, text] of Object.entries(presetFiles(input))) presets[file] = strToU8(text);
  const folder: Zippable = {
    'README.txt': strToU8(readme(input)),
    'User-Manual.txt': strToU8(userManual(input)),
    'LICENSE.txt': strToU8(softwareLicense(input.name)),
    Presets: presets,
  };
  if (input.audioDemo) {
    const examples: Zippable = {};
    for (const [file, samples] of Object.entries(renderAudioExamples(input.audioDemo))) {
      examples[file] = encodeWav(samples);
    }
    folder['Audio-Examples'] = examples;
  }
  return zipSync({ [downloadBaseName(input.name)]: folder }, { level: 6, mtime: ARCHIVE_MTIME });
}
