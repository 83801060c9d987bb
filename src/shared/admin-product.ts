import { z } from 'zod';
import { parseMoney } from './money';
import { NO_MUSICAL_FACTS } from './music';
import { musicalFactsInputSchema } from './music-schema';
import { productStatuses } from './product-status';
import { DEFAULT_ACTIVATION_LIMIT } from './licenses';
import { featuresSchema, refundDaysSchema } from './promises';
import { payWhatYouWantSettingsError, pwywMessages } from './pay-what-you-want';

/**
 * The product editor of the store admin: one schema that the form checks as the
 * owner types and POST/PATCH /api/admin/products check again. Prices are typed as money
 * ("24.99") and come out in cents.
 */

export const productTypes = ['digital_download', 'software_license'] as const;
export type ProductType = (typeof productTypes)[number];

export const productTypeLabels: Record<ProductType, string> = {
  digital_download: 'Digital download',
  software_license: 'Software license',
};

export const productEditorLimits = {
  name: 200,
  description: 5000,
  tags: 20,
  tag: 40,
  url: 2000,
  purchaseLimit: 100,
  downloadLimit: 100,
  format: 100,
  producer: 100,
  activationLimit: 1000,
  licenseDays: 36500,
} as const;

export const adminProductMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${productEditorLimits.name} characters`,
  descriptionTooLong: `Description must be at most ${productEditorLimits.description} characters`,
  priceRequired: 'Price is required',
  priceFormat: 'Enter a price in dollars, like 24.99',
  salePriceFormat: 'Enter a sale price in dollars, like 19.99, or leave it empty',
  salePriceBelowPrice: 'Sale price must be below the price',
  category: 'Choose a category from the list',
  tooManyTags: `At most ${productEditorLimits.tags} tags`,
  tag: `Each tag needs 1 to ${productEditorLimits.tag} characters`,
  purchaseLimit: `Purchase limit must be a whole number from 1 to ${productEditorLimits.purchaseLimit}, or empty for no limit`,
  downloadLimit: `Download limit must be a whole number from 1 to ${productEditorLimits.downloadLimit}`,
  productType: 'Choose a product type',
  status: 'Choose draft, active or archived',
  tooLong: (max: number) => `At most ${max} characters`,
  url: 'Enter a web address (https://…) or a path on this store (/media/…)',
  upload: 'Choose a file that finished uploading',
  activationLimit: `Machines per key must be a whole number from 1 to ${productEditorLimits.activationLimit}`,
  licenseDays: `Licence length must be a whole number of days from 1 to ${productEditorLimits.licenseDays}, or empty for a perpetual licence`,
} as const;

/* @__NO_SIDE_EFFECTS__ */
function money(message: string) {
  return z.pipe(
    z.string(),
    z.transform((text, ctx) => {
      const cents = parseMoney(text);
      if (cents === null) {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return cents;
    }),
  );
}

/** Money text, or null for a blank field. */
/* @__NO_SIDE_EFFECTS__ */
function optionalMoney(message: string) {
  return z.transform((text: string, ctx) => {
    if (text.trim() === '') return null;
    const cents = parseMoney(text);
    if (cents === null) {
      ctx.issues.push({ code: 'custom', message, input: text });
      return z.NEVER;
    }
    return cents;
  });
}

/* @__NO_SIDE_EFFECTS__ */
function optionalText(max: number) {
  return z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, adminProductMessages.tooLong(max))),
      z.transform((text) => (text === '' ? undefined : text)),
    ),
  );
}

/** A link the store may show: an https (or http) address, or a path on the store itself. */
const LINK = /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/;

/* @__NO_SIDE_EFFECTS__ */
function optionalLink() {
  return z._default(
    z.nullable(
      z.pipe(
        z.string().check(
          z.trim(),
          z.maxLength(productEditorLimits.url, adminProductMessages.url),
          z.refine((url) => url === '' || LINK.test(url), adminProductMessages.url),
        ),
        z.transform((url) => (url === '' ? null : url)),
      ),
    ),
    null,
  );
}

/**
 * The free text a producer reads beside the musical facts, kept in the product's metadata under
 * the keys the product sheet (#shared/product-sheet) shows: format (what the download holds,
 * "ZIP: WAV loops and MIDI files": more than the typed formats say) and producer (who made it,
 * which no vocabulary lists). Tempo, key, genres and what it works with are typed facts now
 * (`music`, #shared/music-schema), written to the product's columns.
 */
export const producerFieldsSchema = z.object({
  format: optionalText(productEditorLimits.format),
  producer: optionalText(productEditorLimits.producer),
});
export type ProducerFields = z.output<typeof producerFieldsSchema>;
export const producerFieldKeys = [
  'format',
  'producer',
] as const satisfies readonly (keyof ProducerFields)[];

const tag = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, adminProductMessages.tag),
    z.maxLength(productEditorLimits.tag, adminProductMessages.tag),
  );

/** The editor's fields, each with its own rules; the whole adds the rules between fields. */
export const productEditorFields = {
  name: z
    .string(adminProductMessages.nameRequired)
    .check(
      z.trim(),
      z.minLength(1, adminProductMessages.nameRequired),
      z.maxLength(productEditorLimits.name, adminProductMessages.nameTooLong),
    ),
  description: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(productEditorLimits.description, adminProductMessages.descriptionTooLong),
      ),
    '',
  ),
  /** What the product costs without a sale (the struck-through price during one). */
  price: z.pipe(
    z
      .string(adminProductMessages.priceRequired)
      .check(z.trim(), z.minLength(1, adminProductMessages.priceRequired)),
    // $0 is a free product (#shared/free-products); a negative price is not money (priceFormat).
    money(adminProductMessages.priceFormat),
  ),
  /** What the buyer pays during a sale; '' or absent for none. */
  salePrice: z._default(
    z.pipe(z.string(), optionalMoney(adminProductMessages.salePriceFormat)),
    null,
  ),
  /**
   * Pay what you want (#shared/pay-what-you-want): buyers type their amount, at least
   * `minimumPrice` (0 or more; required when on), the price being the suggested amount; above
   * `confirmAbove` (optional) they confirm it.
   */
  payWhatYouWant: z._default(z.boolean(), false),
  minimumPrice: z._default(z.pipe(z.string(), optionalMoney(pwywMessages.minimumFormat)), null),
  confirmAbove: z._default(z.pipe(z.string(), optionalMoney(pwywMessages.confirmFormat)), null),
  categoryId: z._default(z.nullable(z.uuid(adminProductMessages.category)), null),
  tags: z._default(
    z.pipe(
      z.array(tag).check(z.maxLength(productEditorLimits.tags, adminProductMessages.tooManyTags)),
      z.transform((tags) => [...new Set(tags)]),
    ),
    [],
  ),
  featured: z._default(z.boolean(), false),
  isNew: z._default(z.boolean(), false),
  /** Copies one buyer may hold; null for no limit. 1 marks a single-copy download. */
  purchaseLimit: z._default(
    z.nullable(
      z
        .int(adminProductMessages.purchaseLimit)
        .check(
          z.gte(1, adminProductMessages.purchaseLimit),
          z.lte(productEditorLimits.purchaseLimit, adminProductMessages.purchaseLimit),
        ),
    ),
    null,
  ),
  /** Downloads per copy bought (3 unless set). */
  downloadLimit: z._default(
    z
      .int(adminProductMessages.downloadLimit)
      .check(
        z.gte(1, adminProductMessages.downloadLimit),
        z.lte(productEditorLimits.downloadLimit, adminProductMessages.downloadLimit),
      ),
    3,
  ),
  /**
   * "Unlimited for account holders": a signed-in owner re-downloads from the hub without spending
   * any (as Splice and Gumroad do); a guest's receipt link still counts `downloadLimit`.
   */
  unlimitedForAccounts: z._default(z.boolean(), false),
  productType: z._default(
    z.enum(productTypes, adminProductMessages.productType),
    'digital_download',
  ),
  status: z._default(z.enum(productStatuses, adminProductMessages.status), 'draft'),
  producer: z._default(producerFieldsSchema, {}),
  /** Tempo, key, genres, instruments, formats, systems, DAWs: the product's typed columns. */
  music: z._default(musicalFactsInputSchema, () => structuredClone(NO_MUSICAL_FACTS)),
  /** A finished upload (product_uploads) to sell as the product's file; absent: unchanged. */
  fileUploadId: z.optional(z.uuid(adminProductMessages.upload)),
  /**
   * Whether buying it issues licence keys (docs/licensing.md). Absent on a new product: on for the
   * plugins and apps categories (LICENSED_CATEGORY_SLUGS), off otherwise.
   */
  licenseKeys: z.optional(z.boolean()),
  /** Machines each key activates on at once. */
  activationLimit: z._default(
    z
      .int(adminProductMessages.activationLimit)
      .check(
        z.gte(1, adminProductMessages.activationLimit),
        z.lte(productEditorLimits.activationLimit, adminProductMessages.activationLimit),
      ),
    DEFAULT_ACTIVATION_LIMIT,
  ),
  /** How long a key lasts from its purchase, in days; null for a perpetual licence. */
  licenseDays: z._default(
    z.nullable(
      z
        .int(adminProductMessages.licenseDays)
        .check(
          z.gte(1, adminProductMessages.licenseDays),
          z.lte(productEditorLimits.licenseDays, adminProductMessages.licenseDays),
        ),
    ),
    null,
  ),
  /**
   * The Overview's feature points, in order (#shared/promises). Absent on a new product: its
   * category's default points (the service decides); absent on a PATCH: unchanged.
   */
  features: z.optional(featuresSchema),
  /** The money-back window in days (0: none); null follows the store's setting. */
  refundDays: z._default(z.nullable(refundDaysSchema), null),
  /** Whether it gets free updates; null follows the store's setting. */
  freeUpdates: z._default(z.nullable(z.boolean()), null),
  /** The cover image. */
  imageUrl: optionalLink(),
  /** A playable audio preview. */
  audioPreview: optionalLink(),
};

/** A sale price, when there is one, is below the price (in cents). */
export const saleBelowPrice = (values: { price: number; salePrice: number | null }) =>
  values.salePrice === null || values.salePrice < values.price;

/**
 * What is wrong with a pay-what-you-want product's terms (its field and message), or null: a
 * minimum is needed, and the rules between it, the price buyers are shown and the confirm amount.
 */
export function payWhatYouWantError(values: {
  price: number;
  salePrice: number | null;
  payWhatYouWant: boolean;
  minimumPrice: number | null;
  confirmAbove: number | null;
}): { field: string; message: string } | null {
  if (!values.payWhatYouWant) return null;
  if (values.minimumPrice === null)
    return { field: 'minimumPrice', message: pwywMessages.minimumRequired };
  return payWhatYouWantSettingsError({
    priceCents: values.salePrice ?? values.price,
    minimumCents: values.minimumPrice,
    confirmAboveCents: values.confirmAbove,
  });
}

/** The editor's whole form: its fields, a sale price below the price, and PWYW's terms. */
export const productEditorSchema = z.object(productEditorFields).check((ctx) => {
  const { salePrice } = ctx.value;
  if (!saleBelowPrice(ctx.value)) {
    ctx.issues.push({
      code: 'custom',
      message: adminProductMessages.salePriceBelowPrice,
      path: ['salePrice'],
      input: salePrice,
    });
  }
  const pwyw = payWhatYouWantError(ctx.value);
  if (pwyw)
    ctx.issues.push({
      code: 'custom',
      message: pwyw.message,
      path: [pwyw.field],
      input: ctx.value,
    });
});

/** What the form sends: money as text. */
export type ProductEditorInput = z.input<typeof productEditorSchema>;
/** What the server stores from it: money in cents (`price`, `salePrice`). */
export type ProductEditorValues = z.output<typeof productEditorSchema>;

type WithoutDefaults<T> = { [K in keyof T]: T[K] extends z.ZodDefault<infer Inner> ? Inner : T[K] };

/** The fields without their defaults: a field a PATCH leaves out stays as it is. */
/* @__NO_SIDE_EFFECTS__ */
function withoutDefaults<T extends Record<string, z.ZodType>>(fields: T): WithoutDefaults<T> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      field instanceof z.ZodDefault ? field.unwrap() : field,
    ]),
  ) as WithoutDefaults<T>;
}

/**
 * PATCH: any of the editor's fields, each checked by its own rules; the server checks the rules
 * between fields (saleBelowPrice) on the product they make with its stored values.
 */
export const productEditorPatchSchema = z.object(withoutDefaults(productEditorFields)).partial();
export type ProductEditorPatch = z.input<typeof productEditorPatchSchema>;
export type ProductEditorPatchValues = z.output<typeof productEditorPatchSchema>;
