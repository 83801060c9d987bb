import { strToU8, zipSync, type Zippable } from 'fflate';
import { renderAudioExamples } from './audio-examples';
import { sampleLicense, softwareLicense } from './license-texts';
import type { SoundSpec } from './music-theory';
import { packFiles, type PackFile, type PackSound } from './pack-files';
import { presetFiles, readme, userManual, type SoftwareDocsInput } from './software-docs';
import { encodeWav } from './wav';

export type { PackSound } from './pack-files';

export interface PackArchiveInput {
  name: string;
  sound: PackSound;
  spec: SoundSpec;
  /** The pack's files when the caller has them already (their audio is rendered once). */
  files?: readonly PackFile[];
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

/** Loops, one-shots and MIDI in folders, as producers expect to find them in a pack. */
export function buildPackArchive(input: PackArchiveInput): Uint8Array {
  const folders: Record<PackFile['folder'], Zippable> = { 'One-Shots': {}, Loops: {}, MIDI: {} };
  for (const file of input.files ?? packFiles(input.sound, input.spec)) {
    folders[file.folder][file.fileName] = file.midi ? file.midi() : encodeWav(file.audio());
  }
  return zipSync(
    {
      [downloadBaseName(input.name)]: {
        ...folders,
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
