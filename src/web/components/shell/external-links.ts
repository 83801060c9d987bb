/** Places outside the store that the shell and pages link to (they open in a new tab). */
export const COMMUNITY_URL = 'https://discord.gg/loopmarket';

export const SOCIAL_LINKS = [
  {
    network: 'youtube',
    label: 'Loopmarket on YouTube',
    href: 'https://www.youtube.com/@loopmarket',
  },
  {
    network: 'instagram',
    label: 'Loopmarket on Instagram',
    href: 'https://www.instagram.com/loopmarket',
  },
  { network: 'x', label: 'Loopmarket on X (Twitter)', href: 'https://x.com/loopmarket' },
  {
    network: 'facebook',
    label: 'Loopmarket on Facebook',
    href: 'https://www.facebook.com/loopmarket',
  },
] as const;

export type SocialNetwork = (typeof SOCIAL_LINKS)[number]['network'];
