import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import {
  buildPackArchive,
  buildSoftwareArchive,
  downloadBaseName,
  type PackSound,
} from './archive';
import { packFiles } from './pack-files';
import type { SoftwareDocsInput } from './software-docs';

const MAX_ARCHIVE_BYTES = 3 * 1024 * 1024;
const spec = { tempo: 100, root: 50, mode: 'minor', seed: 77 } as const;

function entries(zip: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(zip);
}

describe('buildPackArchive', () => {
  for (const sound of ['drums', 'keys', 'bass', 'groove'] satisfies PackSound[]) {
    it(`${sound} pack: a licence, WAV audio and MIDI files in one folder, under 3 MB`, () => {
      const zip = buildPackArchive({ name: 'Test & Pack', sound, spec });
      const files = entries(zip);
      const names = Object.keys(files);
      expect(zip.length).toBeLessThan(MAX_ARCHIVE_BYTES);
      expect(names.every((name) => name.startsWith('Test-and-Pack/'))).toBe(true);
      expect(names).toContain('Test-and-Pack/LICENSE.txt');
      const wavs = names.filter((name) => name.endsWith('.wav'));
      const midis = names.filter((name) => name.endsWith('.mid'));
      expect(wavs.length).toBeGreaterThanOrEqual(1);
      expect(midis.length).toBeGreaterThanOrEqual(1);
      for (const wav of wavs)
        expect(strFromU8(files[wav]?.subarray(0, 4) ?? new Uint8Array())).toBe('RIFF');
      for (const mid of midis)
        expect(strFromU8(files[mid]?.subarray(0, 4) ?? new Uint8Array())).toBe('MThd');
    });
  }

  it('holds exactly the files its contents list names, 20 to 40 of them', () => {
    for (const sound of ['drums', 'keys', 'bass', 'groove'] satisfies PackSound[]) {
      const listed = packFiles(sound, spec);
      expect(listed.length).toBeGreaterThanOrEqual(20);
      expect(listed.length).toBeLessThanOrEqual(40);
      expect(new Set(listed.map((file) => file.name)).size).toBe(listed.length);
      const zipped = Object.keys(entries(buildPackArchive({ name: 'P', sound, spec })));
      expect(
        zipped.filter((name) => !name.endsWith('/') && !name.endsWith('LICENSE.txt')).sort(),
      ).toEqual(listed.map((file) => `P/${file.folder}/${file.fileName}`).sort());
    }
  });

  it('licenses commercial use and forbids redistributing the samples', () => {
    const files = entries(buildPackArchive({ name: 'Test Pack', sound: 'drums', spec }));
    const licence = strFromU8(files['Test-Pack/LICENSE.txt'] ?? new Uint8Array());
    expect(licence).toContain('Test Pack');
    expect(licence).toMatch(/Commercial use is allowed/);
    expect(licence).toMatch(/Redistribution is forbidden/);
  });

  it('is byte-identical between builds, so re-seeding never changes a file size', () => {
    const input = { name: 'Same Pack', sound: 'drums', spec } as const;
    const first = buildPackArchive(input);
    vi.useFakeTimers({ now: new Date('2031-06-01T12:00:00Z') });
    try {
      expect(buildPackArchive(input)).toEqual(first);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('buildSoftwareArchive', () => {
  const plugin: SoftwareDocsInput = {
    name: 'Tape <Warm> & Co',
    kind: 'plugin',
    description: 'A tape plugin.',
    presets: ['Drum Bus', 'Vocal Warmth'],
    settings: { driveDb: [0, 24], mix: [0, 1] },
    audioDemo: { kind: 'saturate', spec },
  };

  it('ships a README, manual, single-user licence, XML presets and audio examples', () => {
    const files = entries(buildSoftwareArchive(plugin));
    const root = 'Tape-Warm-and-Co/';
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        `${root}README.txt`,
        `${root}User-Manual.txt`,
        `${root}LICENSE.txt`,
        `${root}Presets/Drum-Bus.xml`,
        `${root}Presets/Vocal-Warmth.xml`,
        `${root}Audio-Examples/Before.wav`,
        `${root}Audio-Examples/After.wav`,
      ]),
    );
    expect(strFromU8(files[`${root}LICENSE.txt`] ?? new Uint8Array())).toContain('SINGLE-USER');
    const preset = strFromU8(files[`${root}Presets/Drum-Bus.xml`] ?? new Uint8Array());
    expect(preset).toContain('product="Tape &lt;Warm&gt; &amp; Co"');
    expect(preset).toMatch(/<param id="driveDb" value="\d+"\/>/);
  });

  it('gives apps JSON presets with values inside each setting range', () => {
    const files = entries(
      buildSoftwareArchive({ ...plugin, name: 'An App', kind: 'app', audioDemo: undefined }),
    );
    const preset: unknown = JSON.parse(
      strFromU8(files['An-App/Presets/Drum-Bus.json'] ?? new Uint8Array()),
    );
    expect(preset).toMatchObject({ product: 'An App', preset: 'Drum Bus' });
    const { settings } = preset as { settings: Record<string, number> };
    expect(settings.driveDb).toBeGreaterThanOrEqual(0);
    expect(settings.driveDb).toBeLessThanOrEqual(24);
    expect(Number.isInteger(settings.driveDb)).toBe(true);
    expect(Object.keys(files).some((name) => name.includes('Audio-Examples'))).toBe(false);
  });
});

describe('downloadBaseName', () => {
  it.each([
    ['Dusty Soul Sample Pack', 'Dusty-Soul-Sample-Pack'],
    ['Reese & Sub Bass Toolkit', 'Reese-and-Sub-Bass-Toolkit'],
    ['Boom Bap Breaks Vol. 2', 'Boom-Bap-Breaks-Vol-2'],
    ['Studio Team Task Board (Team Licence)', 'Studio-Team-Task-Board-Team-Licence'],
    ['../../etc/passwd', 'etcpasswd'],
  ])('%s → %s', (name, expected) => {
    expect(downloadBaseName(name)).toBe(expected);
  });
});
