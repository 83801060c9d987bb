import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { Container } from '#web/components/ui/container';
import { COMMUNITY_URL, SOCIAL_LINKS } from './external-links';
import { SocialIcon } from './social-icon';
import { Wordmark } from './wordmark';

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

/** The shell's footer: the footer columns and their targets. */
const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Products',
    links: [
      { label: 'Audio & MIDI Packs', to: '/products?category=audio-midi-packs' },
      { label: 'Plugins', to: '/products?category=plugins' },
      { label: 'Apps', to: '/products?category=apps' },
      { label: 'All Products', to: '/products' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Blog & Tutorials', to: '/learn#blog' },
      { label: 'Documentation', to: '/learn#docs' },
      { label: 'Support', to: '/support' },
      { label: 'Community', to: COMMUNITY_URL, external: true },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact', to: '/about#contact' },
      { label: 'Careers', to: '/about#careers' },
    ],
  },
];

const LEGAL: FooterLink[] = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'License', to: '/license' },
];

const linkClass = 'text-sm text-zinc-400 transition-colors hover:text-white';

function FooterItem({ link }: { link: FooterLink }) {
  if (link.external) {
    return (
      <a
        href={link.to}
        target="_blank"
        rel="noopener noreferrer"
        className={`inline-flex items-center gap-1 ${linkClass}`}
      >
        {link.label}
        <ExternalLink aria-hidden="true" className="size-3" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={link.to} className={linkClass}>
      {link.label}
    </Link>
  );
}

export function SiteFooter() {
  return (
    <footer className="mt-24 border-t border-zinc-800/80 bg-zinc-950">
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-14 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 space-y-4 md:col-span-3 lg:col-span-1">
          <Wordmark />
          <p className="max-w-xs text-sm text-zinc-400">
            Sample packs, MIDI, plugins and apps for producers who care about sound.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-4 text-sm font-semibold text-white">{column.title}</h2>
            <ul className="space-y-2.5">
              {column.links.map((link) => (
                <li key={link.label}>
                  <FooterItem link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {/* The full width on phones: four icons in half of it would wrap 3 + 1. */}
        <div className="col-span-2 md:col-span-1">
          <h2 className="mb-4 text-sm font-semibold text-white">Follow Us</h2>
          <ul className="flex flex-wrap gap-2">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.label}
                  className="grid size-10 place-items-center rounded-lg border border-zinc-800 text-zinc-400 transition-colors hover:border-zinc-700 hover:text-white"
                >
                  <SocialIcon network={social.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Container>
      <Container className="flex flex-col gap-4 border-t border-zinc-800/80 py-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-400">© 2025 Loopmarket</p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL.map((link) => (
              <li key={link.to}>
                <FooterItem link={link} />
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </footer>
  );
}
