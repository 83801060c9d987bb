import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'short-version',
    heading: 'The short version',
    body: [
      'Buy a sample pack or MIDI pack once and use the sounds in your music forever, anywhere, royalty-free, with no credit required. Just do not pass the sounds themselves on to anyone else, and do not sell them as sounds.',
    ],
  },
  {
    id: 'definitions',
    heading: 'Words we use',
    body: [
      {
        list: [
          ({ name }) =>
            `“Sounds” means the audio samples, loops, one-shots, MIDI files and presets in a product you bought from ${name}.`,
          '“Your music” means a musical work you create in which the Sounds are combined with other material, such as a song, beat, remix, score, podcast, game or video soundtrack.',
          '“You” means the individual person who bought the product, or the company that bought it for one named employee.',
        ],
      },
      ({ name }) =>
        `${name} and its sound designers keep the copyright in the Sounds. What you buy is a license: a permanent, worldwide, non-exclusive right to use them as this page describes.`,
    ],
  },
  {
    id: 'you-may',
    heading: 'What you may do',
    body: [
      {
        list: [
          'Use the Sounds in your music, whether commercial or non-commercial, released or unreleased.',
          'Sell, stream and distribute your music on any platform, in any quantity, and keep 100% of what it earns.',
          'Use your music in broadcast, film, TV, advertising, games, podcasts and online video, including sync licensing to third parties.',
          'Edit, chop, pitch, re-sample, process and re-arrange the Sounds, and change the notes, timing and instruments of the MIDI files.',
          'Register your music with collecting societies and content ID services, as long as you only claim your music and not the Sounds on their own.',
        ],
      },
      ({ name }) =>
        `You do not need to credit ${name}, although we always love hearing what you make.`,
    ],
  },
  {
    id: 'you-may-not',
    heading: 'What you may not do',
    body: [
      {
        list: [
          'Resell, give away or redistribute the Sounds as they are, or in any form where they can be extracted, including as sample packs, sound libraries, construction kits, MIDI packs or preset banks.',
          'Share the Sounds or your download with anyone else, including bandmates, students or other producers; each person needs their own license.',
          'Use the Sounds in a product that competes with ours, such as a sample-based instrument, a loop library, an AI training data set or a sound-generating app.',
          'Upload the Sounds on their own, or with little added, to streaming or content ID services.',
        ],
      },
      'Collaborating is fine: you may send a project containing the Sounds to a co-writer, mixing or mastering engineer to work on your music, as long as they do not keep or reuse the Sounds.',
    ],
  },
  {
    id: 'plugins-and-apps',
    heading: 'Plugins and apps',
    body: [
      'Plugins, apps and productivity software are licensed to one person, not sold. Your single-user license lets you:',
      {
        list: [
          'Install and activate the software on up to 3 computers that you own or use, as long as only you use it.',
          'Move an activation to a new computer by deactivating it on an old one.',
          'Use everything you make with the software, including audio rendered through it and presets you design, without restriction.',
        ],
      },
      'You may not share your license key or account, resell or transfer the license, or reverse engineer the software except where the law allows it. Companies and schools that need more seats can write to us for a multi-user license.',
    ],
  },
  {
    id: 'ending',
    heading: 'When the license ends',
    body: [
      'Your license lasts forever unless you break these terms. If you do, it ends, and you must stop using the Sounds in new work and delete your copies. Music you released before the license ended in good faith stays yours.',
      'If you receive a refund, the license for that product ends and you must delete the files.',
    ],
    see: { to: '/terms#refunds', label: 'Refunds and the 30-day guarantee' },
  },
  {
    id: 'questions',
    heading: 'Questions',
    body: [
      ({ supportEmail }) =>
        `Not sure whether your project is covered? Ask us before you release it at ${supportEmail}, or through the support form, and we will give you a clear answer in writing.`,
    ],
    see: { to: '/support', label: 'Contact support' },
  },
];

export function LicensePage() {
  return (
    <LegalDocument
      title="License Agreement"
      updated="June 1, 2025"
      intro={({ name }) =>
        `This royalty-free license applies to every sample pack, MIDI pack, plugin and app you buy from ${name}. It is written in plain English so you know exactly what you can do with your sounds.`
      }
      sections={sections}
    />
  );
}
