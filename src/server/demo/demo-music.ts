import type { Daw, Format, Genre, Instrument, OperatingSystem } from '#shared/music';

/**
 * The musical facts of each demo product beyond a pack's tempo and key (demo-packs.ts holds
 * those, as its audio is synthesised from them): what a producer filters by (#shared/music).
 * Kept apart from the product entries, by product key, so the packs' and the software's own
 * files stay about their sounds and settings; demo-catalogue.test.ts checks that every product
 * has an entry and every entry a product.
 */
export interface DemoMusicFacts {
  genres?: Genre[];
  instruments?: Instrument[];
  formats?: Format[];
  systems?: OperatingSystem[];
  daws?: Daw[];
}

/** Every plugin ships the three desktop formats most DAWs load; AAX for Pro Tools users too. */
const pluginFormats: Format[] = ['vst3', 'au', 'aax', 'clap'];
const desktop: OperatingSystem[] = ['macos', 'windows'];
const pluginDaws: Daw[] = [
  'ableton-live',
  'fl-studio',
  'logic-pro',
  'pro-tools',
  'cubase',
  'bitwig-studio',
  'studio-one',
  'reaper',
];
/** A sample or MIDI pack loads in any DAW; the formats say what it holds. */
const packFormats: Format[] = ['wav', 'midi'];

export const demoMusicFacts: Readonly<Record<string, DemoMusicFacts>> = {
  // Packs
  'dusty-soul-sample-pack': {
    genres: ['soul', 'hip-hop', 'boom-bap', 'lo-fi'],
    instruments: ['drums', 'keys', 'bass'],
    formats: ['wav'],
  },
  'midnight-keys-midi-collection': {
    genres: ['rnb', 'soul', 'lo-fi'],
    instruments: ['keys', 'piano', 'pads'],
    formats: ['midi'],
  },
  'trap-drum-essentials': {
    genres: ['trap', 'hip-hop'],
    instruments: ['drums', '808', 'percussion'],
    formats: packFormats,
  },
  'lo-fi-tape-loops': {
    genres: ['lo-fi', 'hip-hop', 'jazz'],
    instruments: ['keys', 'piano'],
    formats: packFormats,
  },
  'deep-house-bass-lines': {
    genres: ['deep-house', 'house'],
    instruments: ['bass', 'synth'],
    formats: packFormats,
  },
  'boom-bap-breaks-vol-2': {
    genres: ['boom-bap', 'hip-hop'],
    instruments: ['drums', 'percussion'],
    formats: packFormats,
  },
  'modular-pulse-sequences': {
    genres: ['techno', 'cinematic'],
    instruments: ['synth', 'bass'],
    formats: packFormats,
  },
  'afro-house-percussion': {
    genres: ['house', 'afrobeats'],
    instruments: ['percussion', 'drums'],
    formats: packFormats,
  },
  'synthwave-nights-construction-kit': {
    genres: ['synthwave', 'pop'],
    instruments: ['drums', 'synth', 'pads', 'bass'],
    formats: packFormats,
  },
  'reese-and-sub-bass-toolkit': {
    genres: ['drum-and-bass', 'dubstep'],
    instruments: ['bass', '808'],
    formats: packFormats,
  },
  'vintage-drum-machine-pack': {
    genres: ['hip-hop', 'funk'],
    instruments: ['drums'],
    formats: ['wav'],
  },
  // Plugins
  'analog-bass-synth': {
    instruments: ['bass', 'synth'],
    formats: pluginFormats,
    systems: desktop,
    daws: pluginDaws,
  },
  'warm-tape-saturation': { formats: pluginFormats, systems: desktop, daws: pluginDaws },
  'glasshouse-reverb': {
    formats: pluginFormats,
    systems: [...desktop, 'linux'],
    daws: pluginDaws,
  },
  'punch-bus-compressor': {
    formats: ['vst3', 'au', 'aax'],
    systems: desktop,
    daws: pluginDaws.filter((daw) => daw !== 'bitwig-studio'),
  },
  'clarity-vocal-channel': {
    instruments: ['vocals'],
    formats: ['vst3', 'au', 'aax'],
    systems: desktop,
    daws: pluginDaws,
  },
  'orbit-stereo-delay': {
    formats: pluginFormats,
    systems: [...desktop, 'linux'],
    daws: pluginDaws,
  },
  // Apps
  'chord-progression-studio': {
    formats: ['midi'],
    systems: [...desktop, 'ios'],
    daws: ['ableton-live', 'fl-studio', 'logic-pro', 'garageband', 'bitwig-studio'],
  },
  'ear-trainer-pro': { systems: [...desktop, 'ios'] },
  'beat-sketchpad': {
    instruments: ['drums'],
    formats: ['wav', 'midi'],
    systems: [...desktop, 'ios'],
    daws: ['ableton-live', 'fl-studio', 'logic-pro', 'garageband'],
  },
  'tempo-tap-metronome': { systems: [...desktop, 'ios'] },
  'loop-librarian': {
    formats: ['wav'],
    systems: desktop,
    daws: ['ableton-live', 'fl-studio', 'logic-pro', 'cubase', 'studio-one', 'reaper'],
  },
  // Productivity
  'session-planner': { systems: [...desktop, 'ios'] },
  'release-checklist-templates': { systems: [...desktop, 'linux'] },
  'mix-notes-revision-tracker': { systems: [...desktop, 'ios'] },
  'studio-team-task-board': { systems: [...desktop, 'linux', 'ios'] },
};
