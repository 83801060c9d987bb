import { jsonForScript } from '#shared/structured-data';

/** schema.org data for search engines (shared/structured-data.ts), in the page's markup. */
export function JsonLd({ data }: { data: unknown }) {
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
  );
}
