/**
 * The vocabulary of the generated benchmark catalogue: the words real audio stores use, so
 * search sees a realistic spread of common words ('drum', 'loops'), rarer ones and typos.
 */

/** 'a, b, c' → ['a', 'b', 'c']: long word lists stay compact. */
function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
}

export interface BenchCategory {
  slug: string;
  name: string;
  description: string;
  /** Share of the catalogue: the biggest category is the one the list benchmarks page through. */
  weight: number;
  kind: 'pack' | 'plugin' | 'app' | 'productivity' | 'kit' | 'presets' | 'vocals' | 'template';
}

export const BENCH_CATEGORIES: readonly BenchCategory[] = [
  {
    slug: 'audio-midi-packs',
    name: 'Audio & MIDI Packs',
    description: 'Royalty-free loops, one-shots and MIDI files, labelled by key and tempo.',
    weight: 34,
    kind: 'pack',
  },
  {
    slug: 'plugins',
    name: 'Plugins',
    description: 'Instruments and effects in VST3, AU and CLAP formats for Windows and macOS.',
    weight: 18,
    kind: 'plugin',
  },
  {
    slug: 'drum-kits',
    name: 'Drum Kits',
    description: 'Kicks, snares, hats and percussion, processed and ready to sequence.',
    weight: 12,
    kind: 'kit',
  },
  {
    slug: 'synth-presets',
    name: 'Synth Presets',
    description: 'Sound banks for the synths producers already own.',
    weight: 12,
    kind: 'presets',
  },
  {
    slug: 'apps',
    name: 'Apps',
    description: 'Standalone tools for writing, practising and organising music.',
    weight: 8,
    kind: 'app',
  },
  {
    slug: 'vocals',
    name: 'Vocals',
    description: 'Acapellas, chops and phrases from session singers, cleared for release.',
    weight: 7,
    kind: 'vocals',
  },
  {
    slug: 'project-templates',
    name: 'Project Templates',
    description: 'Finished sessions to take apart and learn from, for every major DAW.',
    weight: 5,
    kind: 'template',
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description: 'Planners, templates and trackers that keep sessions and releases on schedule.',
    weight: 4,
    kind: 'productivity',
  },
];

export const ADJECTIVES = list(`
  Dusty, Midnight, Golden, Velvet, Analog, Warm, Crunchy, Neon, Lunar, Solar, Deep, Hazy,
  Crystal, Electric, Urban, Vintage, Modern, Raw, Smooth, Dark, Bright, Heavy, Liquid,
  Frozen, Burning, Silent, Wild, Cosmic, Retro, Future, Broken, Hollow, Shimmer, Gritty,
  Lush, Tight, Punchy, Dreamy, Rusty, Silver, Concrete, Tropical, Nordic, Desert, Ocean,
  Paper, Glass, Iron, Copper, Cloud, Static, Phantom, Royal, Street, Basement, Rooftop,
  Sunset, Sunrise, Afterhours, Infinite, Tiny, Giant, Subtle, Massive, Clean, Dirty,
  Organic, Digital, Mellow, Savage, Gentle, Bold, Haunted, Lucid, Pastel, Chrome, Velour,
  Amber, Indigo
`);

/** Words used by only a handful of products: the 'selective term' of the search benchmark. */
export const RARE_WORDS = list(`
  Glasshouse, Kaleidoscope, Quasar, Marzipan, Zephyr, Obsidian, Halcyon, Juniper, Monsoon,
  Labyrinth, Tundra, Mirage, Saffron, Vortex, Nebula, Quartz
`);

export const GENRES = list(`
  Soul, Trap, Lo-Fi, House, Deep House, Techno, Boom Bap, Drill, Afrobeat, Afro House,
  Synthwave, Drum and Bass, Jungle, Garage, Dubstep, Ambient, Cinematic, Pop, R&B,
  Neo-Soul, Jazz, Funk, Disco, Reggaeton, Dancehall, Trance, Hardstyle, Phonk, Hyperpop,
  Indie, Rock, Hip-Hop, Grime, Amapiano, Latin, Gospel, Downtempo, Breakbeat, Minimal,
  Electro
`);

export const PACK_NOUNS = list(`
  Sample Pack, Drum Loops, Melody Loops, MIDI Collection, Construction Kit, One-Shots,
  Chord Progressions, Bass Lines, Guitar Loops, Piano Loops, Percussion Loops, Textures,
  Breaks, Stems, Toolkit, Essentials
`);

export const PLUGIN_NOUNS = list(`
  Reverb, Delay, Compressor, Saturator, Equalizer, Limiter, Chorus, Flanger, Phaser,
  Bass Synth, Poly Synth, Wavetable Synth, Sampler, Granulator, Transient Shaper,
  Stereo Imager, Tape Machine, Vocal Tuner, De-Esser, Filter, Bitcrusher, Gate,
  Channel Strip, Drum Machine, Rompler, Multiband Compressor, Exciter, Tremolo
`);

export const APP_NOUNS = list(`
  Ear Trainer, Metronome, Chord Studio, Beat Sketchpad, Tuner, Loop Librarian,
  Lyric Notebook, Scale Finder, Rhythm Coach, Tempo Tapper, Sample Browser,
  Setlist Manager
`);

export const PRODUCTIVITY_NOUNS = list(`
  Session Planner, Release Checklist, Mix Notes Tracker, Studio Task Board,
  Client Invoicer, Royalty Tracker, Promo Calendar, Practice Journal, Gear Inventory,
  Booking Sheet
`);

export const SYNTHS = list(`
  Serum, Vital, Massive X, Sylenth1, Diva, Pigments, Phase Plant, Omnisphere, Spire, Hive,
  Repro, Analog Lab
`);

export const DAWS = ['Ableton Live', 'FL Studio', 'Logic Pro', 'Bitwig', 'Cubase', 'Studio One'];

export const VOCAL_NOUNS = ['Vocal Chops', 'Acapellas', 'Vocal Phrases', 'Vocal Textures', 'Hooks'];

export const KIT_NOUNS = ['Drum Kit', 'Kick Collection', 'Snare Library', 'Hi-Hat Pack', '808 Kit'];

export const MOODS = list(`
  warm, dark, uplifting, melancholic, gritty, dreamy, aggressive, laid-back, euphoric,
  moody, nostalgic, hypnotic, playful, cinematic, soulful, energetic
`);

export const INSTRUMENTS = list(`
  drums, bass, keys, piano, guitar, synth, strings, brass, pads, leads, percussion, vocals,
  plucks, arps, fx, risers, claps, hi-hats, 808s, rhodes
`);

export const FORMATS = [
  '24-bit WAV',
  'MIDI',
  'REX2',
  'Ableton Live sets',
  'Serum presets',
  'stems',
];

export const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
