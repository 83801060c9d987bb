import {
  producerFieldKeys,
  productTypes,
  type ProducerFields,
  type ProductEditorInput,
  type ProductEditorValues,
  type ProductType,
} from '#shared/admin-product';
import type { ProductMetadata } from '#shared/catalogue';
import { moneyInput } from '#shared/money';
import {
  audioPreview,
  isFeatured,
  isNew,
  originalPriceCents,
  productTags,
  purchaseLimit,
} from '#shared/product';
import type { NewProductRow, ProductRow } from '../../db/schema';

/**
 * Between a product row and the editor's values. A sale is kept as the store reads it
 * (#shared/product): the buyer pays `price_cents`, and metadata.originalPrice holds the
 * struck-through price above it. So the editor's price is the original price during a sale, and
 * its sale price is `price_cents`.
 */

/** Musical facts the editor once kept as free text in metadata; saving drops them. */
const legacyMusicKeys = ['bpm', 'bpmMax', 'key', 'genre', 'compatibility'];

/** The editor's values, less the upload, that a row holds (money in cents). */
export type StoredEditorValues = Omit<ProductEditorValues, 'fileUploadId'>;

/** The product columns the editor fills in. */
type EditorColumn =
  | 'name'
  | 'description'
  | 'priceCents'
  | 'pwywMinimumCents'
  | 'pwywConfirmAboveCents'
  | 'categoryId'
  | 'downloadLimit'
  | 'unlimitedForAccounts'
  | 'status'
  | 'metadata'
  | 'imageUrl'
  | 'bpmMin'
  | 'bpmMax'
  | 'musicKey'
  | 'genres'
  | 'instruments'
  | 'formats'
  | 'systems'
  | 'daws'
  | 'licenseKeys'
  | 'activationLimit'
  | 'licenseDays'
  | 'features'
  | 'refundDays'
  | 'freeUpdates';

type EditorRow = Pick<ProductRow, EditorColumn>;

function producerFields(metadata: ProductMetadata): ProducerFields {
  const fields: Record<string, unknown> = {};
  for (const key of producerFieldKeys) {
    const value = metadata[key];
    if (value !== undefined && value !== null && value !== '') fields[key] = value;
  }
  return fields as ProducerFields;
}

export function editorValuesOf(row: EditorRow): StoredEditorValues {
  const original = originalPriceCents(row);
  const type = row.metadata.product_type;
  return {
    name: row.name,
    description: row.description,
    price: original ?? row.priceCents,
    salePrice: original === null ? null : row.priceCents,
    payWhatYouWant: row.pwywMinimumCents !== null,
    minimumPrice: row.pwywMinimumCents,
    confirmAbove: row.pwywConfirmAboveCents,
    categoryId: row.categoryId,
    tags: productTags(row),
    featured: isFeatured(row),
    isNew: isNew(row),
    purchaseLimit: purchaseLimit(row),
    downloadLimit: row.downloadLimit,
    unlimitedForAccounts: row.unlimitedForAccounts,
    productType: productTypes.includes(type as ProductType)
      ? (type as ProductType)
      : 'digital_download',
    status: row.status,
    producer: producerFields(row.metadata),
    music: {
      bpmMin: row.bpmMin,
      bpmMax: row.bpmMax,
      key: row.musicKey,
      genres: row.genres,
      instruments: row.instruments,
      formats: row.formats,
      systems: row.systems,
      daws: row.daws,
    },
    licenseKeys: row.licenseKeys,
    activationLimit: row.activationLimit,
    licenseDays: row.licenseDays,
    features: row.features,
    refundDays: row.refundDays,
    freeUpdates: row.freeUpdates,
    imageUrl: row.imageUrl,
    audioPreview: audioPreview(row),
  };
}

/** The values as the form holds them: money as text. */
export function editorInputOf(values: StoredEditorValues): ProductEditorInput {
  return {
    ...values,
    price: moneyInput(values.price),
    salePrice: values.salePrice === null ? '' : moneyInput(values.salePrice),
    minimumPrice: values.minimumPrice === null ? '' : moneyInput(values.minimumPrice),
    confirmAbove: values.confirmAbove === null ? '' : moneyInput(values.confirmAbove),
  };
}

/**
 * The row's columns for `values`; metadata keeps whatever else it carried (rating, images…).
 * An isOnSale: false that hid a sale is dropped: a sale price set in the editor is shown.
 */
export function rowFieldsOf(
  values: StoredEditorValues,
  metadata: ProductMetadata = {},
): Pick<NewProductRow, EditorColumn> {
  const next: Record<string, unknown> = { ...metadata };
  for (const key of [
    'originalPrice',
    'isOnSale',
    'purchase_limit',
    'audioPreview',
    ...producerFieldKeys,
    // What the editor kept here before the typed facts (migration 0024 moved bpm, bpmMax, key).
    ...legacyMusicKeys,
  ]) {
    delete next[key];
  }
  if (values.salePrice !== null) {
    next.originalPrice = values.price;
    next.isOnSale = true;
  }
  next.tags = values.tags;
  next.featured = values.featured;
  next.isNew = values.isNew;
  next.product_type = values.productType;
  // The purchase limit is a number held as text.
  if (values.purchaseLimit !== null) next.purchase_limit = String(values.purchaseLimit);
  if (values.audioPreview !== null) next.audioPreview = values.audioPreview;
  Object.assign(next, producerFields(values.producer as ProductMetadata));
  return {
    name: values.name,
    description: values.description,
    priceCents: values.salePrice ?? values.price,
    // Off, the terms go: the product sells at its price again.
    pwywMinimumCents: values.payWhatYouWant ? values.minimumPrice : null,
    pwywConfirmAboveCents: values.payWhatYouWant ? values.confirmAbove : null,
    categoryId: values.categoryId,
    downloadLimit: values.downloadLimit,
    unlimitedForAccounts: values.unlimitedForAccounts,
    status: values.status,
    metadata: next as ProductMetadata,
    imageUrl: values.imageUrl,
    bpmMin: values.music.bpmMin,
    bpmMax: values.music.bpmMax,
    musicKey: values.music.key,
    genres: values.music.genres,
    instruments: values.music.instruments,
    formats: values.music.formats,
    systems: values.music.systems,
    daws: values.music.daws,
    // Left out, a new product's keys follow its category (admin-products.service).
    ...(values.licenseKeys === undefined ? {} : { licenseKeys: values.licenseKeys }),
    activationLimit: values.activationLimit,
    licenseDays: values.licenseDays,
    // Left out, a new product's points are its category's defaults (admin-products.service).
    ...(values.features === undefined ? {} : { features: values.features }),
    refundDays: values.refundDays,
    freeUpdates: values.freeUpdates,
  };
}
