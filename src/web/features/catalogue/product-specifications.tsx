import type { Product } from '#shared/catalogue';
import { formatPrice } from '#shared/money';
import { categoryLabel, formatFileSize } from '#shared/product';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** 'product_type' → 'Product type', 'reviewCount' → 'Review count'. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatMetadataValue(key: string, value: unknown): string {
  if (key === 'originalPrice' && typeof value === 'number') return formatPrice(value);
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="divide-y divide-zinc-800 overflow-hidden rounded-xl border border-zinc-800 bg-zinc-900">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-5 py-3.5 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm text-zinc-400">{label}</dt>
          <dd className="text-sm break-words text-zinc-100 sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Price, category, status, file size, download limit, dates, and every metadata pair. */
export function ProductSpecifications({ product }: { product: Product }) {
  const general: [string, string][] = [
    ['Price', formatPrice(product.priceCents)],
    ['Category', categoryLabel(product)],
    ['Status', product.isActive ? 'Available' : 'Unavailable'],
    ['File size', formatFileSize(product.fileSize)],
    ['Download limit', `${product.downloadLimit} downloads per purchase`],
    ['Created', formatDate(product.createdAt)],
    ['Updated', formatDate(product.updatedAt)],
  ];
  const metadata = Object.entries(product.metadata).map(([key, value]): [string, string] => [
    humanize(key),
    formatMetadataValue(key, value),
  ]);

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="spec-general" className="space-y-3">
        <h2 id="spec-general" className="font-semibold text-white">
          General
        </h2>
        <Rows rows={general} />
      </section>
      {metadata.length > 0 && (
        <section aria-labelledby="spec-details" className="space-y-3">
          <h2 id="spec-details" className="font-semibold text-white">
            Product details
          </h2>
          <Rows rows={metadata} />
        </section>
      )}
    </div>
  );
}
