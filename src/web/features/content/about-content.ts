/** The About page's static copy. */

export const values = [
  {
    title: 'Sound first',
    text: 'Every pack is recorded, programmed and mixed by working producers, then checked in a real session before it ships.',
  },
  {
    title: 'Fair to creators',
    text: 'Royalty-free means royalty-free: what you make with our sounds is yours, with no clearance forms and no surprise fees.',
  },
  {
    title: 'Straight answers',
    text: 'Plain-English licenses, honest product pages and a support team that replies within two working days.',
  },
  {
    title: 'Built to last',
    text: 'Loopmarket is self-hostable and open about how it works, so the store and your library stay in your hands.',
  },
];

export const team = [
  {
    name: 'Maya Chen',
    role: 'Founder & Head of Sound',
    bio: 'Fifteen years of drum programming for electronic and hip-hop records.',
  },
  {
    name: 'Dev Patel',
    role: 'MIDI & Sound Design Lead',
    bio: 'Keys player and arranger who turns chord theory into drag-and-drop ideas.',
  },
  {
    name: 'Sam Okafor',
    role: 'Lead Engineer',
    bio: 'Builds the store and the plugins, and still mixes on weekends.',
  },
  {
    name: 'Lena Vogel',
    role: 'Customer Success',
    bio: 'Makes sure every question gets a real answer, usually the same day.',
  },
];

export const openings = [
  {
    title: 'Sound Designer (Synths & Presets)',
    kind: 'Full-time · Remote',
    text: 'Design preset banks and one-shots for our plugin range. Strong synthesis skills and released work required.',
  },
  {
    title: 'Frontend Engineer (React)',
    kind: 'Full-time · Remote (UTC−5 to UTC+2)',
    text: 'Shape the storefront producers use every day: fast pages, accessible forms and audio previews that just work.',
  },
];
