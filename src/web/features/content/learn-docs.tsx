import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BookOpen,
  Download,
  KeyRound,
  LifeBuoy,
  MessagesSquare,
  Search,
  type LucideIcon,
} from 'lucide-react';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useCommunityUrl } from '#web/components/shell/external-links';
import { docGroups, type DocGroup } from './learn-content';

const groupIcons: Record<DocGroup['id'], LucideIcon> = {
  'getting-started': BookOpen,
  downloads: Download,
  licensing: KeyRound,
};

/** The groups with only the articles whose title or summary holds every word of the query. */
function filterDocs(groups: DocGroup[], query: string): DocGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      articles: group.articles.filter((article) => {
        const text = `${article.title} ${article.summary}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.articles.length > 0);
}

export function LearnDocs() {
  const communityUrl = useCommunityUrl();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const groups = filterDocs(docGroups, query);
  const matches = groups.reduce((count, group) => count + group.articles.length, 0);

  return (
    <div className="space-y-10">
      <div className="mx-auto max-w-xl">
        <label htmlFor={searchId} className="sr-only">
          Search the documentation
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search the documentation..."
            className="w-full rounded-lg border border-zinc-700 bg-zinc-900 py-2.5 pr-4 pl-10 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-500"
          />
        </div>
        <p aria-live="polite" className="mt-2 text-center text-xs text-zinc-400">
          {query.trim() ? `${matches} ${matches === 1 ? 'article' : 'articles'} found` : ''}
        </p>
      </div>

      {groups.length === 0 ? (
        <Card as="p" className="p-8 text-center text-zinc-400">
          No articles match “{query.trim()}”. Try another word, or{' '}
          <Link to="/support" className="text-brand-300 underline-offset-4 hover:underline">
            ask our support team
          </Link>
          .
        </Card>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {groups.map((group) => {
            const Icon = groupIcons[group.id];
            return (
              <Card
                as="section"
                key={group.id}
                aria-labelledby={`docs-${group.id}`}
                className="p-6"
              >
                <h2
                  id={`docs-${group.id}`}
                  className="flex items-center gap-2 text-lg font-semibold text-white"
                >
                  <Icon aria-hidden className="size-5 text-brand-400" />
                  {group.title}
                </h2>
                <ul className="mt-4 space-y-1">
                  {group.articles.map((article) => (
                    <li key={article.title}>
                      <Link
                        to={article.to}
                        className="group -mx-3 block rounded-lg px-3 py-2.5 hover:bg-zinc-800"
                      >
                        <span className="flex items-center justify-between gap-2 text-sm font-medium text-zinc-100 group-hover:text-brand-300">
                          {article.title}
                          <ArrowRight
                            aria-hidden
                            className="size-4 shrink-0 text-zinc-600 group-hover:text-brand-300"
                          />
                        </span>
                        <span className="mt-0.5 block text-xs text-zinc-400">
                          {article.summary}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            );
          })}
        </div>
      )}

      <div className="grid gap-6 md:grid-cols-2">
        {communityUrl && (
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
              <MessagesSquare aria-hidden className="size-5 text-brand-400" />
              Ask the community
            </h2>
            <p className="mt-2 text-sm text-zinc-400">
              Thousands of producers trade tips, feedback and sounds in our chat.
            </p>
            <a
              href={communityUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'md', 'mt-4')}
            >
              Join the community chat
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Card>
        )}
        <Card className="p-6">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-white">
            <LifeBuoy aria-hidden className="size-5 text-brand-400" />
            Still stuck?
          </h2>
          <p className="mt-2 text-sm text-zinc-400">
            Our support team answers every message within 24-48 hours.
          </p>
          <Link to="/support" className={buttonClasses('primary', 'md', 'mt-4')}>
            Contact support
          </Link>
        </Card>
      </div>
    </div>
  );
}
