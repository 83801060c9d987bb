import { DEFAULT_ACTIVATION_LIMIT, LICENSED_CATEGORY_SLUGS } from '#shared/licenses';
import { formats, labelsOf, systems, type Format } from '#shared/music';
import { isPack } from './demo-catalogue';
import { demoMusicFacts } from './demo-music';
import type { CategorySlug, DemoProduct } from './demo-types';

/**
 * The demo catalogue's feature points (products.features): what each product is, from its own
 * data. A line of what it does, written for it, then what its rows say: a pack's tempo, key and
 * files; software's formats, systems, presets and licence. Nothing its files or facts do not
 * back (the demo's WAVs are not 24-bit, so no point says so). demo-catalogue.test.ts checks that
 * every product has a line and the schema's limits hold.
 */

/** What each product does, in one line. */
const leads: Readonly<Record<string, string>> = {
  // Packs
  'dusty-soul-sample-pack': 'Rhodes chords, drum breaks and bass lines with a tape-warm sound',
  'midnight-keys-midi-collection': 'Hand-played chord voicings and melodies for R&B and neo-soul',
  'trap-drum-essentials': 'Hard-hitting trap drums: 808s, snares and rolling hi-hats',
  'lo-fi-tape-loops': 'Dusty keys and piano loops with tape wobble and vinyl crackle',
  'deep-house-bass-lines': 'Rolling deep house bass lines and synth stabs',
  'boom-bap-breaks-vol-2': 'Swung boom bap drum breaks and percussion',
  'modular-pulse-sequences': 'Pulsing modular synth sequences and basses for techno and scores',
  'afro-house-percussion': 'Afro house percussion grooves and drum loops',
  'synthwave-nights-construction-kit': 'A synthwave construction kit: drums, synths, pads and bass',
  'reese-and-sub-bass-toolkit': 'Reese and sub basses for drum and bass and dubstep',
  'vintage-drum-machine-pack': 'Drum machine hits and grooves for hip-hop and funk',
  // Plugins
  'analog-bass-synth':
    'Monophonic bass synth: two drifting oscillators, a sub oscillator and a 24 dB ladder filter',
  'warm-tape-saturation': 'Tape saturation with adjustable wow, flutter and hiss',
  'glasshouse-reverb': 'Algorithmic plates, halls and ambient washes with tilt EQ and ducking',
  'punch-bus-compressor': 'VCA-style bus compressor with sidechain high-pass and parallel mix',
  'clarity-vocal-channel': 'Vocal strip: gate, de-esser, three-band EQ, compressor and saturation',
  'orbit-stereo-delay':
    'Tempo-synced stereo delay with ping-pong, modulation and a feedback filter',
  // Apps
  'chord-progression-studio': 'Writes chord progressions by mood, key and genre',
  'ear-trainer-pro': 'Ear-training drills for intervals, chords, progressions and EQ',
  'beat-sketchpad': 'Drum machine and step sequencer for sketching beats',
  'tempo-tap-metronome': 'Practice metronome: tap tempo, odd meters and speed trainers',
  'loop-librarian': 'Tags and searches your samples by key, tempo and character',
  // Productivity
  'session-planner': 'Plans studio sessions around goals and deadlines',
  'release-checklist-templates': 'Checklists from mastering to launch-week promotion',
  'mix-notes-revision-tracker': 'Timestamped client notes against each mix version',
  'studio-team-task-board': 'A shared task board for bookings, client work and releases',
};

/** "A, B and C". */
function listed(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const PLUGIN_FORMATS: readonly Format[] = ['vst3', 'au', 'aax', 'clap'];

function packPoints(product: DemoProduct & { category: 'audio-midi-packs' }): string[] {
  const held = demoMusicFacts[product.key]?.formats ?? [];
  const files = [
    ...(held.includes('wav') ? ['WAV loops'] : []),
    ...(held.includes('midi') ? ['MIDI files'] : []),
  ];
  return [
    `${listed(files)}, ready for any DAW`,
    `${product.tempo} BPM in ${product.tonic} ${product.mode}, labelled on every file`,
    'Royalty-free for your releases',
  ];
}

function softwarePoints(
  product: DemoProduct & { category: Exclude<CategorySlug, 'audio-midi-packs'> },
) {
  const facts = demoMusicFacts[product.key] ?? {};
  const points: string[] = [];
  const plugin = (facts.formats ?? []).filter((format) => PLUGIN_FORMATS.includes(format));
  const systemNames = listed(labelsOf(systems.labels, facts.systems ?? []));
  if (plugin.length > 0) {
    points.push(`${listed(labelsOf(formats.labels, plugin))} for ${systemNames}`);
  } else if (systemNames) {
    points.push(`Runs on ${systemNames}`);
  }
  if (product.category !== 'plugins' && facts.formats?.includes('midi')) {
    points.push('Exports MIDI to your DAW');
  }
  const what = product.category === 'productivity' ? 'templates' : 'presets';
  points.push(`${product.presets.length} ${what}: ${listed(product.presets)}`);
  const keys = product.licence !== undefined || LICENSED_CATEGORY_SLUGS.includes(product.category);
  if (keys) {
    const machines = product.licence?.activationLimit ?? DEFAULT_ACTIVATION_LIMIT;
    points.push(`Licence key for up to ${machines} computers`);
  }
  return points;
}

/** A demo product's feature points, in the order its Overview lists them. */
export function demoFeatures(product: DemoProduct): string[] {
  const lead = leads[product.key];
  const points = isPack(product) ? packPoints(product) : softwarePoints(product);
  return lead ? [lead, ...points] : points;
}

/** The points a new product of each demo category starts with (categories.default_features). */
export const demoCategoryFeatures: Readonly<Record<CategorySlug, string[]>> = {
  'audio-midi-packs': [
    'WAV loops and MIDI files, ready for any DAW',
    'Labelled with key and tempo',
    'Royalty-free for your releases',
  ],
  plugins: ['VST3 and AU for macOS and Windows', 'Licence key for up to 3 computers'],
  apps: ['Runs on macOS and Windows', 'Licence key for up to 3 computers'],
  productivity: ['Templates included'],
};

/** The demo's lead lines, by product key: for the test that each product has one. */
export const demoFeatureLeads = leads;
