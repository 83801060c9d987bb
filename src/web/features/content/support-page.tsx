import { PageTitle } from '#web/components/ui/page-title';
import { PageMeta } from '#web/components/seo/page-meta';
import { Link, useSearchParams } from 'react-router';
import { BookOpen, FileText, Mail, MessagesSquare, Package, User } from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useStoreInfo } from '#web/api/store';
import { useCommunityUrl } from '#web/components/shell/external-links';
import { Skeleton } from '#web/components/ui/skeleton';
import { supportPrefillOf } from '#shared/support';
import { ContactForm } from './contact-form';
import { PageHero } from './page-hero';
import { SupportFaq } from './support-faq';
import { useScrollToHash } from './use-scroll-to-hash';

const quickLinks = [
  { to: '/learn#docs', label: 'Documentation', icon: BookOpen },
  { to: '/learn#blog', label: 'Tutorials', icon: FileText },
  { to: '/profile', label: 'Your profile', icon: User },
  { to: '/orders', label: 'Your orders', icon: Package },
];

export function SupportPage() {
  const communityUrl = useCommunityUrl();
  useScrollToHash();
  const store = useStoreInfo();
  const [search] = useSearchParams();
  const prefill = supportPrefillOf(search);

  return (
    <div className="mx-auto max-w-6xl space-y-16 px-4 py-12 sm:px-6 sm:py-16">
      <PageTitle title="Support" />
      <PageMeta
        title="Support"
        description="Help with downloads, licences and orders: answers to common questions and a contact form that reaches our team."
      />
      <PageHero eyebrow="Support" title="How can we help?">
        Answers to the questions we hear most, and a real person when you need one.
      </PageHero>

      <div className="mx-auto max-w-3xl">
        <SupportFaq />
      </div>

      <div className="grid gap-8 lg:grid-cols-3">
        <Card as="section" aria-labelledby="contact-heading" className="p-6 sm:p-8 lg:col-span-2">
          <h2 id="contact-heading" className="text-2xl font-bold text-white">
            Contact us
          </h2>
          <p className="mt-2 mb-6 text-sm text-zinc-400">
            Did not find your answer? Send us a message and we will reply within 24-48 hours.
          </p>
          <ContactForm prefill={prefill} />
        </Card>

        <aside className="space-y-6">
          {communityUrl && (
            <Card as="section" aria-labelledby="community-heading" className="p-6">
              <h2
                id="community-heading"
                className="flex items-center gap-2 text-lg font-semibold text-white"
              >
                <MessagesSquare aria-hidden className="size-5 text-brand-400" />
                Community
              </h2>
              <p className="mt-2 text-sm text-zinc-400">
                Get quick tips from other producers and our team in the community chat.
              </p>
              <a
                href={communityUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'md', 'mt-4 w-full')}
              >
                Join the community chat
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Card>
          )}

          <Card as="nav" aria-labelledby="quick-links-heading" className="p-6">
            <h2 id="quick-links-heading" className="text-lg font-semibold text-white">
              Quick links
            </h2>
            <ul className="mt-3 space-y-1">
              {quickLinks.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="-mx-3 flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-zinc-300 hover:bg-zinc-800 hover:text-white"
                  >
                    <Icon aria-hidden className="size-4 text-zinc-500" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>

          <Card as="section" aria-labelledby="email-heading" className="p-6">
            <h2
              id="email-heading"
              className="flex items-center gap-2 text-lg font-semibold text-white"
            >
              <Mail aria-hidden className="size-5 text-brand-400" />
              Email us
            </h2>
            {store ? (
              <a
                href={`mailto:${store.supportEmail}`}
                className="mt-2 block text-sm font-medium text-brand-300 [overflow-wrap:anywhere] underline-offset-4 hover:underline"
              >
                {store.supportEmail}
              </a>
            ) : (
              <Skeleton className="mt-2 h-5 w-48" />
            )}
          </Card>
        </aside>
      </div>
    </div>
  );
}
