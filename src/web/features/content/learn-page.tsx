import { PageTitle } from '#web/components/ui/page-title';
import { PageMeta } from '#web/components/seo/page-meta';
import { Tabs } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from '#web/components/ui/use-hydrated';
import { LearnBlog } from './learn-blog';
import { LearnDocs } from './learn-docs';
import { PageHero } from './page-hero';

type LearnTab = 'blog' | 'docs';

const triggerClasses =
  'flex-1 rounded-lg px-4 py-2 text-sm font-medium text-zinc-400 transition-colors hover:text-white data-[state=active]:bg-brand-600 data-[state=active]:text-white sm:flex-none';

/** The tab is chosen by the URL hash, #blog (the default) or #docs. */
export function LearnPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // The server never sees the #hash: the page hydrates on the blog, then shows the docs.
  const hydrated = useHydrated();
  const tab: LearnTab = hydrated && location.hash === '#docs' ? 'docs' : 'blog';

  function selectTab(value: string) {
    navigate({ search: location.search, hash: value }, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageTitle title={tab === 'docs' ? 'Documentation · Learn' : 'Learn'} />
      <PageMeta
        title="Learn"
        description="Production tutorials from our sound designers, and everything you need to know about your downloads."
      />
      <PageHero eyebrow="Learn" title="Make better music, faster">
        Production tutorials from our sound designers, and everything you need to know about your
        downloads.
      </PageHero>

      <Tabs.Root value={tab} onValueChange={selectTab} className="mt-10">
        <Tabs.List
          aria-label="Learn sections"
          className="mx-auto mb-10 flex w-full max-w-md gap-1 rounded-xl border border-zinc-800 bg-zinc-900 p-1 sm:w-fit"
        >
          <Tabs.Trigger value="blog" className={triggerClasses}>
            Blog &amp; Tutorials
          </Tabs.Trigger>
          <Tabs.Trigger value="docs" className={triggerClasses}>
            Documentation
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="blog">
          <LearnBlog />
        </Tabs.Content>
        <Tabs.Content value="docs">
          <LearnDocs />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
