import { productTypeLabels, type ProductType } from '#shared/admin-product';
import type { AdminCategory } from '#shared/admin-categories';
import { formatPrice } from '#shared/money';
import { NO_MUSICAL_FACTS, type MusicalFacts } from '#shared/music';
import { formatFileSize } from '#shared/product';
import { musicSheetRows } from '#shared/product-sheet';

/**
 * How the product's audit log reads to its owner: each field the editor names by its label, each
 * value as the editor shows it (money as dollars, a category by its name).
 */

const fieldLabels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  salePrice: 'Sale price',
  payWhatYouWant: 'Pay what you want',
  minimumPrice: 'Minimum price',
  confirmAbove: 'Confirm amounts above',
  categoryId: 'Category',
  tags: 'Tags',
  featured: 'Featured',
  isNew: 'New',
  purchaseLimit: 'Purchase limit',
  downloadLimit: 'Download limit',
  unlimitedForAccounts: 'Unlimited for account holders',
  productType: 'Product type',
  status: 'Status',
  music: 'Musical facts',
  producer: 'Producer details',
  licenseKeys: 'Licence keys',
  activationLimit: 'Machines per key',
  licenseDays: 'Licence length (days)',
  features: 'Feature points',
  refundDays: 'Money-back guarantee (days)',
  freeUpdates: 'Free updates',
  imageUrl: 'Cover image',
  audioPreview: 'Audio preview',
  file: 'Product file',
  contents: 'Pack contents',
  bundle: 'Products in the bundle',
  priceFloor: 'Price floor',
  upgradesFrom: 'Upgrades from',
};

export const actionLabels: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  activate: 'Activated (bulk action)',
  archive: 'Archived (bulk action)',
  'change-category': 'Category changed (bulk action)',
};

export const fieldLabel = (field: string) => fieldLabels[field] ?? field;

const fieldOrder = Object.keys(fieldLabels);
const rank = (field: string) => {
  const at = fieldOrder.indexOf(field);
  return at === -1 ? fieldOrder.length : at;
};

/** An entry's changes in the editor's order of its fields. */
export const inEditorOrder = <T>(changes: Record<string, T>): [string, T][] =>
  Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));

const NONE = '(none)';
const MONEY_FIELDS = new Set(['price', 'salePrice', 'priceFloor', 'minimumPrice', 'confirmAbove']);
/** Promises a product leaves null follow the store's (#shared/promises). */
const FOLLOWS_STORE = new Set(['refundDays', 'freeUpdates']);

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? NONE : value.map(plain).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, inner]) => inner !== null);
    return entries.length === 0 ? NONE : entries.map(([k, v]) => `${k}: ${plain(v)}`).join(', ');
  }
  return String(value);
}

/** The musical facts as the Specifications tab words them: "90–100 BPM, D minor, Ambient". */
function musicText(music: Partial<MusicalFacts>): string {
  const words = musicSheetRows({ ...NO_MUSICAL_FACTS, ...music }).map((row) => row.value);
  return words.length === 0 ? NONE : words.join(', ');
}

/** One value of a field, as text. */
export function auditValue(field: string, value: unknown, categories: AdminCategory[]): string {
  if (value === null && FOLLOWS_STORE.has(field)) return "The store's setting";
  if (value === null || value === undefined) return NONE;
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatPrice(value);
  if (field === 'productType' && typeof value === 'string') {
    return productTypeLabels[value as ProductType] ?? value;
  }
  if (field === 'music' && typeof value === 'object')
    return musicText(value as Partial<MusicalFacts>);
  if (field === 'categoryId') {
    return categories.find((category) => category.id === value)?.name ?? 'A deleted category';
  }
  if (field === 'file' && typeof value === 'object' && 'name' in value) {
    const { name, size } = value as { name: string; size: number | null };
    return size === null ? name : `${name} (${formatFileSize(size)})`;
  }
  return plain(value);
}
