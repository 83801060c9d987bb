import { Link } from 'react-router';
import { ArrowRight, Download, ShieldCheck, Users } from 'lucide-react';
import { useCommunityUrl } from '#web/components/shell/external-links';
import { buttonClasses } from '#web/components/ui/button';
import { Container } from '#web/components/ui/container';

const PROMISES = [
  { icon: Download, text: 'Instant download' },
  { icon: ShieldCheck, text: 'Royalty-free licence' },
];

export function HomeHero() {
  const communityUrl = useCommunityUrl();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden border-b border-zinc-800/60"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,rgba(139,92,246,0.35),transparent),radial-gradient(30rem_20rem_at_90%_60%,rgba(192,38,211,0.15),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgba(255,255,255,0.04)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)] bg-[size:48px_48px]"
      />
      <Container className="flex flex-col items-center py-20 text-center sm:py-28">
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-brand-500/30 bg-brand-500/10 px-4 py-1.5 text-sm text-brand-300">
          Sample packs · MIDI · Plugins · Apps
        </p>
        <h1
          id="hero-title"
          className="max-w-4xl text-4xl font-bold tracking-tight text-white sm:text-6xl lg:text-7xl"
        >
          Professional{' '}
          <span className="bg-gradient-to-r sm:block from-brand-300 via-brand-400 to-fuchsia-400 bg-clip-text text-transparent">
            Audio Solutions
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-zinc-400 sm:text-xl">
          Sounds, tools and instruments made by working producers. Download instantly and drop them
          straight into your next session.
        </p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Link
            to="/products"
            className={buttonClasses('primary', 'lg', 'shadow-lg shadow-brand-900/50')}
          >
            Explore Products
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
          {communityUrl && (
            <a
              href={communityUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'lg')}
            >
              <Users aria-hidden="true" className="size-4" />
              Join Community
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
        <ul className="mt-12 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-zinc-400">
          {PROMISES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4 text-brand-400" />
              {text}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
