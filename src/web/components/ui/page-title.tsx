import { useStoreInfo } from '#web/api/store';

/** The store's name until its settings are read (STORE_NAME's default). */
const DEFAULT_STORE_NAME = 'Loopmarket';

/** The document title, through React 19's hoisted <title>: 'Page · <store name>'. */
export function PageTitle({ title }: { title?: string }) {
  const storeName = useStoreInfo()?.name ?? DEFAULT_STORE_NAME;
  return <title>{title ? `${title} · ${storeName}` : storeName}</title>;
}
