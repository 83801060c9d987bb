import { storeStructuredData } from '#shared/structured-data';
import { useStoreInfo } from '#web/api/store';
import { JsonLd } from './json-ld';

/** The home page's Organization and WebSite (with its product search) descriptions. */
export function StoreJsonLd() {
  const store = useStoreInfo();
  if (!store) return null;
  return (
    <JsonLd
      data={storeStructuredData({
        publicUrl: store.publicUrl,
        storeName: store.name,
        supportEmail: store.supportEmail,
        logo: store.brand.logoUrl ?? '/media/favicon.svg',
        sameAs: store.brand.socialLinks.map((link) => link.url),
        description: store.brand.tagline,
      })}
    />
  );
}
