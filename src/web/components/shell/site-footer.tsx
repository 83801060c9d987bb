import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { LEGAL_PAGE_TITLES } from '#shared/store-brand';
import { useStoreInfo } from '#web/api/store';
import { Container } from '#web/components/ui/container';
import { SocialIcon } from './social-icon';
import { Wordmark } from './wordmark';

interface FooterLink {
  label: string;
  url: string;
  external?: boolean;
}

const LEGAL: FooterLink[] = [
  { label: LEGAL_PAGE_TITLES.privacy, url: '/privacy' },
  { label: LEGAL_PAGE_TITLES.terms, url: '/terms' },
  { label: LEGAL_PAGE_TITLES.license, url: '/license' },
];

const linkClass = 'text-sm text-zinc-400 transition-colors hover:text-white';

function FooterItem({ link }: { link: FooterLink }) {
  if (link.external) {
    return (
      <a
        href={link.url}
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
    <Link to={link.url} className={linkClass}>
      {link.label}
    </Link>
  );
}

export function SiteFooter() {
  const store = useStoreInfo();
  const brand = store?.brand;
  const socials = brand?.socialLinks ?? [];
  return (
    <footer className="mt-24 border-t border-zinc-800/80 bg-zinc-950">
      <Container className="grid grid-cols-2 gap-x-6 gap-y-10 py-14 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 space-y-4 md:col-span-3 lg:col-span-1">
          <Wordmark />
          {brand?.tagline && <p className="max-w-xs text-sm text-zinc-400">{brand.tagline}</p>}
        </div>
        {/* The columns as the store settings make them (Products from the categories first). */}
        {(brand?.footerColumns ?? []).map((column, index) => (
          <nav key={index} aria-label={column.title}>
            <h2 className="mb-4 text-sm font-semibold text-white">{column.title}</h2>
            <ul className="space-y-2.5">
              {column.links.map((link) => (
                <li key={`${link.label} ${link.url}`}>
                  <FooterItem link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {/* The full width on phones: four icons in half of it would wrap 3 + 1. */}
        {socials.length > 0 && (
          <div className="col-span-2 md:col-span-1">
            <h2 className="mb-4 text-sm font-semibold text-white">Follow Us</h2>
            <ul className="flex flex-wrap gap-2">
              {socials.map((social) => (
                <li key={social.network}>
                  <a
                    href={social.url}
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
        )}
      </Container>
      <Container className="flex flex-col gap-4 border-t border-zinc-800/80 py-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-400">
          {`© ${new Date().getFullYear()} ${store?.name ?? 'Loopmarket'}`}
        </p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL.map((link) => (
              <li key={link.url}>
                <FooterItem link={link} />
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </footer>
  );
}
