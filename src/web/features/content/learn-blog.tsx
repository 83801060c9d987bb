import { CalendarDays, Clock, Mail } from 'lucide-react';
import { NewsletterForm } from '#web/components/newsletter/newsletter-form';
import { Card } from '#web/components/ui/card';
import { featuredPost, recentPosts, type BlogPost } from './learn-content';

/** Bar heights (percent) of the featured post's decorative waveform. */
const waveform = [18, 34, 52, 30, 64, 88, 46, 72, 38, 58, 26, 44, 70, 32, 20, 12];

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function PostMeta({ post }: { post: BlogPost }) {
  return (
    <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-zinc-400">
      <div>
        <dt className="sr-only">Author</dt>
        <dd className="font-medium text-zinc-300">{post.author}</dd>
      </div>
      <div className="flex items-center gap-1">
        <dt className="sr-only">Published</dt>
        <CalendarDays aria-hidden className="size-3.5" />
        <dd>
          <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time>
        </dd>
      </div>
      <div className="flex items-center gap-1">
        <dt className="sr-only">Reading time</dt>
        <Clock aria-hidden className="size-3.5" />
        <dd>{post.readMinutes} min read</dd>
      </div>
    </dl>
  );
}

function TopicBadge({ topic }: { topic: string }) {
  return (
    <span className="inline-block w-fit rounded-full bg-brand-600/15 px-2.5 py-0.5 text-xs font-medium text-brand-300 ring-1 ring-brand-500/30">
      {topic}
    </span>
  );
}

export function LearnBlog() {
  return (
    <div className="space-y-10">
      <Card as="article" className="grid overflow-hidden lg:grid-cols-5">
        <div
          aria-hidden
          className="relative flex min-h-44 items-center justify-center gap-1.5 overflow-hidden bg-[radial-gradient(circle_at_30%_40%,var(--color-brand-600),transparent_65%),radial-gradient(circle_at_80%_75%,#be185d,transparent_55%)] px-8 lg:col-span-2 lg:min-h-full"
        >
          {waveform.map((height, index) => (
            <span
              key={index}
              className="w-1.5 rounded-full bg-white/70"
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
        <div className="space-y-4 p-6 sm:p-8 lg:col-span-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-semibold tracking-wide text-brand-400 uppercase">
              Featured
            </span>
            <TopicBadge topic={featuredPost.topic} />
          </div>
          <h2 className="text-2xl font-bold text-white sm:text-3xl">{featuredPost.title}</h2>
          <p className="text-zinc-300">{featuredPost.excerpt}</p>
          <PostMeta post={featuredPost} />
        </div>
      </Card>

      <section aria-labelledby="recent-posts">
        <h2 id="recent-posts" className="mb-4 text-xl font-semibold text-white">
          Recent tutorials
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          {recentPosts.map((post) => (
            <Card as="article" key={post.title} className="flex flex-col gap-3 p-6">
              <TopicBadge topic={post.topic} />
              <h3 className="text-lg font-semibold text-white">{post.title}</h3>
              <p className="flex-1 text-sm text-zinc-400">{post.excerpt}</p>
              <PostMeta post={post} />
            </Card>
          ))}
        </div>
      </section>

      <section
        aria-labelledby="learn-subscribe"
        className="rounded-xl border border-brand-500/30 bg-gradient-to-br from-brand-700/25 to-zinc-900 p-6 sm:p-8"
      >
        <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-md">
            <h2
              id="learn-subscribe"
              className="flex items-center gap-2 text-xl font-semibold text-white"
            >
              <Mail aria-hidden className="size-5 text-brand-300" />
              New tutorials in your inbox
            </h2>
            <p className="mt-2 text-sm text-zinc-300">
              One email a month with our latest production guides and free sounds. Unsubscribe any
              time.
            </p>
          </div>
          <div className="w-full md:max-w-md">
            <NewsletterForm subscriptionType="newsletter" source="learn_page" />
          </div>
        </div>
      </section>
    </div>
  );
}
