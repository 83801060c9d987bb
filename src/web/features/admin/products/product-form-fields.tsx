import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { productTypeLabels, productTypes, type ProducerFields } from '#shared/admin-product';
import type { AdminCategory } from '#shared/admin-categories';
import type { AdminProduct } from '#shared/admin-products-api';
import { formatPrice } from '#shared/money';
import { PWYW_MAX_CENTS } from '#shared/pay-what-you-want';
import { formatFileSize } from '#shared/product';
import { productStatusLabels, productStatuses } from '#shared/product-status';
import { Card } from '#web/components/ui/card';
import { Field } from '../forms/field';
import { FileUpload } from '../uploads/file-upload';
import { MediaUpload } from './media-upload';
import { MusicFields } from './music-fields';
import { issuesLicenseKeys, type ErrorsOf, type ProductFormValues } from './product-form-values';
import { PromiseFields } from './promise-fields';

type TextKey = {
  [K in keyof ProductFormValues]: ProductFormValues[K] extends string ? K : never;
}[keyof ProductFormValues];

const producerLabels: [keyof ProducerFields, string, string][] = [
  ['format', 'What the download holds', 'Like "ZIP: WAV loops and MIDI files"'],
  ['producer', 'Producer', 'Who made it'],
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Card as="section" aria-labelledby={id} className="p-5 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-white">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

function Checkbox(props: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-3 text-sm text-zinc-200">
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        className="size-4 accent-brand-500"
      />
      {props.label}
    </label>
  );
}

/** The editor's fields, section by section. */
export function ProductFormFields({
  values,
  setValues,
  errorsOf,
  categories,
  file,
  isBundle = false,
}: {
  values: ProductFormValues;
  setValues: Dispatch<SetStateAction<ProductFormValues>>;
  errorsOf: ErrorsOf;
  categories: AdminCategory[];
  file: AdminProduct['file'];
  isBundle?: boolean;
}) {
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const text = (
    key: TextKey,
    label: string,
    extra: { hint?: ReactNode; inputMode?: 'decimal' | 'numeric'; wide?: boolean } = {},
  ) => (
    <div className={extra.wide ? 'sm:col-span-2' : ''}>
      <Field label={label} hint={extra.hint} errors={errorsOf(key)}>
        {(control) => (
          <input
            {...control}
            name={key}
            inputMode={extra.inputMode}
            value={values[key]}
            onChange={(event) => set(key, event.target.value)}
          />
        )}
      </Field>
    </div>
  );

  return (
    <>
      <Section title="Details">
        {text('name', 'Name', { wide: true })}
        <div className="sm:col-span-2">
          <Field label="Description" errors={errorsOf('description')}>
            {(control) => (
              <textarea
                {...control}
                name="description"
                rows={5}
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
              />
            )}
          </Field>
        </div>
        {text('tags', 'Tags', { hint: 'Separated by commas: lo-fi, drums, vinyl', wide: true })}
      </Section>

      <Section title="Promises">
        <PromiseFields
          values={values}
          setValues={setValues}
          errorsOf={errorsOf}
          categories={categories}
        />
      </Section>

      <Section title="Price">
        {text('price', 'Price ($)', { inputMode: 'decimal', hint: 'In dollars, like 24.99' })}
        {text('salePrice', 'Sale price ($, optional)', {
          inputMode: 'decimal',
          hint: 'What buyers pay during a sale; the price shows struck through.',
        })}
        <div className="sm:col-span-2">
          <Checkbox
            name="payWhatYouWant"
            label="Pay what you want: buyers type their own amount; the price is the one suggested"
            checked={values.payWhatYouWant}
            onChange={(on) => set('payWhatYouWant', on)}
          />
        </div>
        {values.payWhatYouWant && (
          <>
            {text('minimumPrice', 'Minimum price ($)', {
              inputMode: 'decimal',
              hint: 'The least a buyer may pay; 0 lets them take it free.',
            })}
            {text('confirmAbove', 'Confirm amounts above ($, optional)', {
              inputMode: 'decimal',
              hint: `A buyer typing more is asked to confirm. Nobody pays more than ${formatPrice(PWYW_MAX_CENTS)}.`,
            })}
          </>
        )}
      </Section>

      <Section title="Organisation">
        <Field label="Category" errors={errorsOf('categoryId')}>
          {(control) => (
            <select
              {...control}
              name="categoryId"
              value={values.categoryId}
              onChange={(event) => set('categoryId', event.target.value)}
            >
              <option value="">No category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Status"
          errors={errorsOf('status')}
          hint="Only active products are shown and sold."
        >
          {(control) => (
            <select
              {...control}
              name="status"
              value={values.status}
              onChange={(event) => set('status', event.target.value as ProductFormValues['status'])}
            >
              {productStatuses.map((status) => (
                <option key={status} value={status}>
                  {productStatusLabels[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Product type" errors={errorsOf('productType')}>
          {(control) => (
            <select
              {...control}
              name="productType"
              value={values.productType}
              onChange={(event) =>
                set('productType', event.target.value as ProductFormValues['productType'])
              }
            >
              {productTypes.map((type) => (
                <option key={type} value={type}>
                  {productTypeLabels[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="mb-1.5 text-sm font-medium text-zinc-200">Flags</legend>
          <Checkbox
            name="featured"
            label="Featured"
            checked={values.featured}
            onChange={(on) => set('featured', on)}
          />
          <Checkbox
            name="isNew"
            label="New"
            checked={values.isNew}
            onChange={(on) => set('isNew', on)}
          />
        </fieldset>
      </Section>

      <Section title="Limits">
        {text('purchaseLimit', 'Purchase limit (optional)', {
          inputMode: 'numeric',
          hint: 'Copies one buyer may hold; 1 sells a single copy. Empty for no limit.',
        })}
        <Field label="Download allowance" errors={errorsOf('unlimitedForAccounts')}>
          {(control) => (
            <select
              {...control}
              name="downloadAllowance"
              value={values.unlimitedForAccounts ? 'unlimited' : 'number'}
              onChange={(event) => set('unlimitedForAccounts', event.target.value === 'unlimited')}
            >
              <option value="number">A number of downloads</option>
              <option value="unlimited">Unlimited for account holders</option>
            </select>
          )}
        </Field>
        {text('downloadLimit', 'Download limit', {
          inputMode: 'numeric',
          hint: values.unlimitedForAccounts
            ? "Downloads per copy through a guest's receipt link. Signed-in buyers re-download from their hub without limit."
            : 'Downloads per copy bought.',
        })}
      </Section>

      <Section title="Licence keys">
        <div className="sm:col-span-2">
          <Checkbox
            name="licenseKeys"
            label="Licence keys: each licence bought gets a key a plugin or app checks"
            checked={issuesLicenseKeys(values, categories)}
            onChange={(on) => set('licenseKeys', on)}
          />
        </div>
        {issuesLicenseKeys(values, categories) && (
          <>
            {text('activationLimit', 'Machines per key', {
              inputMode: 'numeric',
              hint: 'How many computers one key activates on at once (a team licence: its seats).',
            })}
            {text('licenseDays', 'Licence length (days, empty = perpetual)', {
              inputMode: 'numeric',
              hint: 'A key ends this many days after its purchase.',
            })}
          </>
        )}
      </Section>

      <Section title="Files and media">
        <div className="space-y-2 sm:col-span-2">
          <FileUpload
            label="Product file"
            onUploaded={(record) => set('fileUploadId', record.id)}
          />
          <p className="text-xs text-zinc-400">
            {values.fileUploadId
              ? file
                ? `Sold now: ${file.name}. The upload above replaces it when you save.`
                : 'Buyers download the upload above once you save.'
              : file
                ? `Sold now: ${file.name}${file.size === null ? '' : ` (${formatFileSize(file.size)})`}. A new upload replaces it when you save.`
                : isBundle
                  ? 'A bundle needs no file of its own: buyers download each product in it.'
                  : 'No file yet: buyers download what you upload here.'}
          </p>
          {errorsOf('fileUploadId') && (
            <p className="text-sm text-red-300">{errorsOf('fileUploadId')?.join(' ')}</p>
          )}
        </div>
        <MediaUpload
          kind="image"
          label="Cover image"
          value={values.imageUrl}
          errors={errorsOf('imageUrl')}
          onChange={(url) => set('imageUrl', url)}
        />
        <MediaUpload
          kind="preview"
          label="Audio preview"
          value={values.audioPreview}
          errors={errorsOf('audioPreview')}
          onChange={(url) => set('audioPreview', url)}
        />
      </Section>

      <Section title="Musical facts">
        <MusicFields values={values.music} setValues={setValues} errorsOf={errorsOf} />
      </Section>

      <Section title="Producer details">
        {producerLabels.map(([key, label, hint]) => (
          <Field
            key={key}
            label={`${label} (optional)`}
            hint={hint}
            errors={errorsOf(`producer.${key}`)}
          >
            {(control) => (
              <input
                {...control}
                name={`producer.${key}`}
                value={values.producer[key]}
                onChange={(event) =>
                  setValues((current) => ({
                    ...current,
                    producer: { ...current.producer, [key]: event.target.value },
                  }))
                }
              />
            )}
          </Field>
        ))}
      </Section>
    </>
  );
}
