import { lazy } from 'react';
import { Mail } from 'lucide-react';
import { BelowFold } from '#web/components/ui/below-fold';
import { Container } from '#web/components/ui/container';

/** The form's code (and its validation) loads after the first screenful (BelowFold). */
const NewsletterForm = lazy(() =>
  import('#web/components/newsletter/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

export function StayUpdated() {
  return (
    <section aria-labelledby="stay-updated-title" className="pb-4">
      <Container>
        <div className="relative isolate overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 px-6 py-12 sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_100%_0%,rgba(139,92,246,0.25),transparent)]"
          />
          <div className="mx-auto max-w-xl text-center">
            <span className="mx-auto mb-5 grid size-12 place-items-center rounded-xl bg-brand-600/20 text-brand-300">
              <Mail aria-hidden="true" className="size-6" />
            </span>
            <h2 id="stay-updated-title" className="text-3xl font-bold tracking-tight text-white">
              Stay Updated
            </h2>
            <p className="mt-3 text-zinc-400">
              New releases, free sounds and production tips, straight to your inbox. No spam,
              unsubscribe any time.
            </p>
            {/* Holds the form's height before it arrives, so nothing below it moves. */}
            <BelowFold className="mt-8 min-h-[5.875rem] sm:min-h-[2.625rem]">
              <NewsletterForm subscriptionType="newsletter" source="home_page" />
            </BelowFold>
          </div>
        </div>
      </Container>
    </section>
  );
}
