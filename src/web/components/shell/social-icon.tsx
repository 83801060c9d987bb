import type { ReactNode } from 'react';
import type { SocialNetwork } from '#shared/store-brand';

/** Brand glyphs drawn in lucide's stroke style (lucide ships no brand icons). */
const paths: Record<SocialNetwork, ReactNode> = {
  youtube: (
    <>
      <path d="M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </>
  ),
  instagram: (
    <>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </>
  ),
  x: (
    <>
      <path d="M4 4l11.7 16H20L8.3 4z" />
      <path d="M4 20l6.8-6.8M13.2 10.8 20 4" />
    </>
  ),
  discord: (
    <>
      <path d="M7 17c-1 1-2 1.5-3.5 2C2.5 15 2.5 11 4 7.5 5.5 6.5 7 6 8.5 6l.5 1.5a12 12 0 0 1 6 0l.5-1.5c1.5 0 3 .5 4.5 1.5 1.5 3.5 1.5 7.5.5 11.5-1.5-.5-2.5-1-3.5-2" />
      <path d="M7.5 15.5c3 1.3 6 1.3 9 0M9 12h.01M15 12h.01" />
    </>
  ),
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
};

export function SocialIcon({
  network,
  className = 'size-5',
}: {
  network: SocialNetwork;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {paths[network]}
    </svg>
  );
}
