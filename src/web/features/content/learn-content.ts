/** The hard-coded articles of the Learn page (three posts, three documentation groups). */

export interface BlogPost {
  title: string;
  excerpt: string;
  /** ISO date of publication. */
  date: string;
  readMinutes: number;
  author: string;
  topic: string;
}

export const featuredPost: BlogPost = {
  title: 'Layering Drums That Hit Hard Without Turning to Mud',
  excerpt:
    'A big kick is rarely one sample. We break down how to pick a transient, a body and a tail from different sounds, line up their phase, carve space with EQ and glue the stack with parallel compression, so your drums punch on laptop speakers and club systems alike.',
  date: '2025-05-14',
  readMinutes: 9,
  author: 'Maya Chen',
  topic: 'Mixing',
};

export const recentPosts: BlogPost[] = [
  {
    title: 'Humanizing MIDI: Velocity, Timing and Groove',
    excerpt:
      'Quantized to the grid, even great MIDI sounds stiff. Learn the small offsets, velocity curves and swing templates that make programmed parts breathe like a player.',
    date: '2025-04-28',
    readMinutes: 6,
    author: 'Dev Patel',
    topic: 'MIDI',
  },
  {
    title: 'Gain Staging in the Box: A Practical Guide',
    excerpt:
      'Why your plugins sound better at -18 dBFS, where clipping actually happens in a modern DAW, and a five-minute routine that leaves headroom for mastering.',
    date: '2025-04-09',
    readMinutes: 5,
    author: 'Sam Okafor',
    topic: 'Engineering',
  },
];

export interface DocArticle {
  title: string;
  summary: string;
  to: string;
}

export interface DocGroup {
  id: 'getting-started' | 'downloads' | 'licensing';
  title: string;
  articles: DocArticle[];
}

export const docGroups: DocGroup[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    articles: [
      {
        title: 'Creating your account',
        summary: 'Sign up with your email and confirm it to keep your purchases in one place.',
        to: '/signup',
      },
      {
        title: 'Finding the right sounds',
        summary: 'Browse by category, search by name and preview every pack before you buy.',
        to: '/products',
      },
      {
        title: 'Checking out as a guest',
        summary: 'Buy with just an email address; create an account later if you like.',
        to: '/support#faq-general',
      },
    ],
  },
  {
    id: 'downloads',
    title: 'Using Your Downloads',
    articles: [
      {
        title: 'Downloading your purchases',
        summary: 'Every purchase includes 3 downloads from your Download Hub.',
        to: '/download-hub',
      },
      {
        title: 'File formats: WAV, MIDI and presets',
        summary: '24-bit WAV audio, standard MIDI files and plugin presets, and what opens them.',
        to: '/support#faq-technical',
      },
      {
        title: 'Importing samples into your DAW',
        summary: 'Drag, drop and keep tempo: tips for Ableton Live, FL Studio, Logic Pro and more.',
        to: '/support#faq-technical',
      },
    ],
  },
  {
    id: 'licensing',
    title: 'Plugins & Licensing',
    articles: [
      {
        title: 'What the royalty-free license covers',
        summary:
          'Use the sounds in released music, sync and broadcast, with no attribution needed.',
        to: '/license',
      },
      {
        title: 'Installing and activating plugins',
        summary: 'One license per person, installable on up to 3 of your own computers.',
        to: '/license#plugins-and-apps',
      },
      {
        title: 'Refunds and money-back guarantees',
        summary: 'When and how to ask for your money back.',
        to: '/terms#refunds',
      },
    ],
  },
];
