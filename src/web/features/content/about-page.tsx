import { PageTitle } from '#web/components/ui/page-title';
import { PageMeta } from '#web/components/seo/page-meta';
import { Link } from 'react-router';
import { Briefcase, Mail, MapPin } from 'lucide-react';
import { useStoreInfo } from '#web/api/store';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { values, team, openings } from './about-content';
import { CAREERS_EMAIL, HELLO_EMAIL } from './contact-details';
import { PageHero } from './page-hero';
import { useScrollToHash } from './use-scroll-to-hash';

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

const sectionHeading = 'text-2xl font-bold text-white';
const emailLink =
  'text-brand-300 underline underline-offset-4 [overflow-wrap:anywhere] hover:text-white';

const DESCRIPTION =
  'Who makes the sounds: producers and sound designers building sample packs, MIDI, plugins and apps with licences you can read in two minutes.';

export function AboutPage() {
  useScrollToHash();
  const store = useStoreInfo();

  return (
    <div className="mx-auto max-w-6xl space-y-20 px-4 py-12 sm:px-6 sm:py-16">
      <PageTitle title="About" />
      <PageMeta title="About" description={DESCRIPTION} />
      <PageHero
        eyebrow={store ? `About ${store.name}` : '\u00a0'}
        title="Sounds made by producers, for producers"
      >
        {store ? (
          `We started ${store.name} because we wanted one place to buy great sounds with a license you can read in two minutes.`
        ) : (
          <Skeleton className="mx-auto h-14 w-full" />
        )}
      </PageHero>

      <section aria-labelledby="mission" className="mx-auto max-w-3xl text-center">
        <h2 id="mission" className={sectionHeading}>
          Our mission
        </h2>
        <p className="mt-4 text-zinc-300 sm:text-lg">
          To give every musician — in a studio, a bedroom or on a laptop on the train — professional
          sample packs, MIDI and tools that spark ideas and clear for release without a second
          thought.
        </p>
      </section>

      <section aria-labelledby="values">
        <h2 id="values" className={`${sectionHeading} mb-6 text-center`}>
          What we value
        </h2>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <Card key={value.title} className="p-6">
              <h3 className="font-semibold text-brand-300">{value.title}</h3>
              <p className="mt-2 text-sm text-zinc-400">{value.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="team">
        <h2 id="team" className={`${sectionHeading} mb-6 text-center`}>
          The team
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((person) => (
            <Card as="li" key={person.name} className="p-6 text-center">
              <span
                aria-hidden
                className="mx-auto flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-lg font-semibold text-white"
              >
                {initials(person.name)}
              </span>
              <h3 className="mt-4 font-semibold text-white">{person.name}</h3>
              <p className="text-sm text-brand-300">{person.role}</p>
              <p className="mt-2 text-sm text-zinc-400">{person.bio}</p>
            </Card>
          ))}
        </ul>
      </section>

      <div className="grid gap-8 lg:grid-cols-2">
        <Card
          as="section"
          id="contact"
          aria-labelledby="contact-heading"
          className="scroll-mt-24 p-6 sm:p-8"
        >
          <h2 id="contact-heading" className={sectionHeading}>
            Contact
          </h2>
          <ul className="mt-5 space-y-4 text-sm">
            <li className="flex items-start gap-3">
              <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-400" />
              <dl className="space-y-2">
                <div>
                  <dt className="text-xs text-zinc-400">General questions</dt>
                  <dd>
                    <a href={`mailto:${HELLO_EMAIL}`} className={emailLink}>
                      {HELLO_EMAIL}
                    </a>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-zinc-400">Help with an order</dt>
                  <dd>
                    {store ? (
                      <a href={`mailto:${store.supportEmail}`} className={emailLink}>
                        {store.supportEmail}
                      </a>
                    ) : (
                      <Skeleton className="h-5 w-48" />
                    )}
                  </dd>
                </div>
              </dl>
            </li>
            <li className="flex items-start gap-3">
              <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-400" />
              <address className="text-zinc-300 not-italic">
                Loopmarket Studios
                <br />
                Unit 4, 12 Harbour Lane
                <br />
                Bristol BS1 5TY, United Kingdom
              </address>
            </li>
          </ul>
          <Link to="/support" className={buttonClasses('secondary', 'md', 'mt-6')}>
            Visit the support center
          </Link>
        </Card>

        <Card
          as="section"
          id="careers"
          aria-labelledby="careers-heading"
          className="scroll-mt-24 p-6 sm:p-8"
        >
          <h2 id="careers-heading" className={sectionHeading}>
            Careers
          </h2>
          <p className="mt-2 text-sm text-zinc-400">
            We are a small, remote-first team. These roles are open now:
          </p>
          <ul className="mt-5 space-y-4">
            {openings.map((job) => (
              <li key={job.title} className="rounded-lg border border-zinc-800 bg-zinc-950/60 p-4">
                <h3 className="flex items-start gap-2 font-semibold text-white">
                  <Briefcase aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-400" />
                  {job.title}
                </h3>
                <p className="mt-1 text-xs text-brand-300">{job.kind}</p>
                <p className="mt-2 text-sm text-zinc-400">{job.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm text-zinc-400">
            Send your CV and a few tracks or links to{' '}
            <a href={`mailto:${CAREERS_EMAIL}`} className={emailLink}>
              {CAREERS_EMAIL}
            </a>
            .
          </p>
        </Card>
      </div>
    </div>
  );
}
