import { useLocation } from 'react-router';
import { absoluteUrl } from '#shared/structured-data';
import { useStoreInfo } from '#web/api/store';

export interface PageMetaProps {
  /** The page's own title, without the store's name (the title tag adds it; see PageTitle). */
  title: string;
  description: string;
  /** The page's canonical path and query, e.g. '/products?category=plugins'; its path by default. */
  path?: string;
  /** The cover art that link previews show. */
  image?: string;
  type?: 'website' | 'product';
  /** A page that is not one (a 404): kept out of search results. */
  noIndex?: boolean;
}

/**
 * What search engines and link previews read from a page's head: the description, the canonical
 * URL (from PUBLIC_URL), and the Open Graph and Twitter card tags. React hoists them into the
 * head; the server renders them into the HTML once the store's settings are read.
 */
export function PageMeta({
  title,
  description,
  path,
  image,
  type = 'website',
  noIndex,
}: PageMetaProps) {
  const store = useStoreInfo();
  const { pathname } = useLocation();
  if (!store) return null;
  const url = absoluteUrl(store.publicUrl, path ?? pathname);
  const imageUrl = image ? absoluteUrl(store.publicUrl, image) : undefined;
  return (
    <>
      <meta name="description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={store.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
    </>
  );
}
