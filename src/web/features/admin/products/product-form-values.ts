import {
  producerFieldKeys,
  type ProducerFields,
  type ProductEditorInput,
  type ProductType,
} from '#shared/admin-product';
import { DEFAULT_ACTIVATION_LIMIT, LICENSED_CATEGORY_SLUGS } from '#shared/licenses';
import type { MusicalFacts } from '#shared/music';
import type { ProductStatus } from '#shared/product-status';

/** The musical facts as the form holds them: BPMs as typed, '' for no key, lists as chosen. */
export interface MusicFormValues extends Omit<MusicalFacts, 'bpmMin' | 'bpmMax' | 'key'> {
  bpmMin: string;
  bpmMax: string;
  key: string;
}

/** The form's lists of choices (checkbox groups). */
export type MusicListKey = 'genres' | 'instruments' | 'formats' | 'systems' | 'daws';

/** The product editor's fields as the form holds them: text where the owner types. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  salePrice: string;
  /** Pay what you want: buyers type their amount, at least `minimumPrice`. */
  payWhatYouWant: boolean;
  minimumPrice: string;
  /** '' for never asking the buyer to confirm. */
  confirmAbove: string;
  /** '' for no category. */
  categoryId: string;
  /** Comma-separated. */
  tags: string;
  featured: boolean;
  isNew: boolean;
  /** '' for no limit. */
  purchaseLimit: string;
  downloadLimit: string;
  /** "Unlimited for account holders": the limit then counts only a guest's receipt link. */
  unlimitedForAccounts: boolean;
  productType: ProductType;
  status: ProductStatus;
  producer: Record<keyof ProducerFields, string>;
  music: MusicFormValues;
  imageUrl: string;
  audioPreview: string;
  /** A finished upload to sell as the product's file; '' keeps the file it has. */
  fileUploadId: string;
  /** Whether it issues licence keys; null on a new product the owner has not set: its category decides. */
  licenseKeys: boolean | null;
  activationLimit: string;
  /** '' for a perpetual licence. */
  licenseDays: string;
  /** The Overview's points; null on a new product the owner has not edited: its category's. */
  features: string[] | null;
  /** The money-back guarantee: the store's, none, or its own window of `refundDays` days. */
  refundMode: RefundMode;
  refundDays: string;
  /** Free updates: the store's setting, or the product's own yes or no. */
  freeUpdates: 'store' | 'yes' | 'no';
}

export type RefundMode = 'store' | 'none' | 'days';

const text = (value: unknown) =>
  value === null || value === undefined ? '' : String(value as string | number);

/** The form's values for a product as the API hands it over (`editor`), or a new one's. */
export function formValuesOf(editor: Partial<ProductEditorInput> = {}): ProductFormValues {
  const producer = editor.producer ?? {};
  const music = editor.music ?? {};
  return {
    name: text(editor.name),
    description: text(editor.description),
    price: text(editor.price),
    salePrice: text(editor.salePrice),
    payWhatYouWant: editor.payWhatYouWant === true,
    minimumPrice: text(editor.minimumPrice),
    confirmAbove: text(editor.confirmAbove),
    categoryId: text(editor.categoryId),
    tags: editor.tags?.join(', ') ?? '',
    featured: editor.featured === true,
    isNew: editor.isNew === true,
    purchaseLimit: text(editor.purchaseLimit),
    downloadLimit: text(editor.downloadLimit ?? 3),
    unlimitedForAccounts: editor.unlimitedForAccounts === true,
    productType: editor.productType ?? 'digital_download',
    status: editor.status ?? 'draft',
    producer: Object.fromEntries(
      producerFieldKeys.map((key) => [key, text(producer[key])]),
    ) as ProductFormValues['producer'],
    music: {
      bpmMin: text(music.bpmMin),
      // One tempo shows as the lowest BPM alone.
      bpmMax: music.bpmMax === music.bpmMin ? '' : text(music.bpmMax),
      key: text(music.key),
      genres: music.genres ?? [],
      instruments: music.instruments ?? [],
      formats: music.formats ?? [],
      systems: music.systems ?? [],
      daws: music.daws ?? [],
    },
    imageUrl: text(editor.imageUrl),
    audioPreview: text(editor.audioPreview),
    fileUploadId: '',
    licenseKeys: editor.licenseKeys ?? null,
    activationLimit: text(editor.activationLimit ?? DEFAULT_ACTIVATION_LIMIT),
    licenseDays: text(editor.licenseDays),
    features: editor.features ?? null,
    refundMode:
      editor.refundDays === null || editor.refundDays === undefined
        ? 'store'
        : editor.refundDays === 0
          ? 'none'
          : 'days',
    refundDays: editor.refundDays ? String(editor.refundDays) : '',
    freeUpdates:
      editor.freeUpdates === null || editor.freeUpdates === undefined
        ? 'store'
        : editor.freeUpdates
          ? 'yes'
          : 'no',
  };
}

/** The form's points: as edited, or the chosen category's defaults on a new product. */
export function featurePoints(
  values: Pick<ProductFormValues, 'features' | 'categoryId'>,
  categories: { id: string; defaultFeatures: string[] }[],
): string[] {
  if (values.features !== null) return values.features;
  return categories.find((category) => category.id === values.categoryId)?.defaultFeatures ?? [];
}

/** Whether the form's product issues keys: as set, or as its category makes a new product. */
export function issuesLicenseKeys(
  values: Pick<ProductFormValues, 'licenseKeys' | 'categoryId'>,
  categories: { id: string; slug: string }[],
): boolean {
  if (values.licenseKeys !== null) return values.licenseKeys;
  const slug = categories.find((category) => category.id === values.categoryId)?.slug ?? '';
  return LICENSED_CATEGORY_SLUGS.includes(slug);
}

/** A typed whole number, null when blank; anything else the schema refuses with its message. */
const wholeNumber = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** What the API takes (#shared/admin-product's input): the shared schema checks it as it is. */
export function editorInputOf(values: ProductFormValues): ProductEditorInput {
  const producer: NonNullable<ProductEditorInput['producer']> = {};
  for (const key of producerFieldKeys) {
    const value = values.producer[key];
    if (value.trim() === '') continue;
    producer[key] = value;
  }
  return {
    name: values.name,
    description: values.description,
    price: values.price,
    salePrice: values.salePrice,
    payWhatYouWant: values.payWhatYouWant,
    // Off, the terms are not sent: the product sells at its price.
    minimumPrice: values.payWhatYouWant ? values.minimumPrice : '',
    confirmAbove: values.payWhatYouWant ? values.confirmAbove : '',
    categoryId: values.categoryId || null,
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    featured: values.featured,
    isNew: values.isNew,
    purchaseLimit: wholeNumber(values.purchaseLimit),
    // Blank is not a number: the schema says what it must be.
    downloadLimit: wholeNumber(values.downloadLimit) ?? Number.NaN,
    unlimitedForAccounts: values.unlimitedForAccounts,
    productType: values.productType,
    status: values.status,
    producer,
    music: {
      ...values.music,
      bpmMin: wholeNumber(values.music.bpmMin),
      bpmMax: wholeNumber(values.music.bpmMax),
      key: (values.music.key || null) as MusicalFacts['key'],
    },
    imageUrl: values.imageUrl,
    audioPreview: values.audioPreview,
    ...(values.fileUploadId ? { fileUploadId: values.fileUploadId } : {}),
    ...(values.licenseKeys === null ? {} : { licenseKeys: values.licenseKeys }),
    activationLimit: wholeNumber(values.activationLimit) ?? Number.NaN,
    licenseDays: wholeNumber(values.licenseDays),
    // Left out on a new product whose points were not edited: its category's (the server's).
    ...(values.features === null ? {} : { features: values.features }),
    refundDays:
      values.refundMode === 'store'
        ? null
        : values.refundMode === 'none'
          ? 0
          : (wholeNumber(values.refundDays) ?? Number.NaN),
    freeUpdates: values.freeUpdates === 'store' ? null : values.freeUpdates === 'yes',
  };
}

/** A field's messages to show (by its path, `producer.bpm` for a nested one), if any. */
export type ErrorsOf = (field: string) => string[] | undefined;
