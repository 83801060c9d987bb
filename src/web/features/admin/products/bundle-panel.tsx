import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  bundleSavings,
  bundleSettingsSchema,
  savingsText,
  type AdminBundle,
  type BundleProductRef,
  type BundleSettingsInput,
} from '#shared/bundles';
import { formatPrice } from '#shared/money';
import { productStatusLabels } from '#shared/product-status';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { adminBundleQueryOptions, adminProductsApi, productWriteRefreshes } from '../api/products';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import { ProductPicker } from './product-picker';
import { moveItem, ReorderButtons } from './reorder-buttons';

/** What the panel edits: the members and upgrade paths as products, the floor as typed. */
interface PanelValues {
  members: BundleProductRef[];
  priceFloor: string;
  upgradesFrom: BundleProductRef[];
}

const valuesOf = (bundle: AdminBundle): PanelValues => ({
  members: bundle.members,
  priceFloor: bundle.priceFloor,
  upgradesFrom: bundle.upgradesFrom,
});

const inputOf = (values: PanelValues): BundleSettingsInput => ({
  memberIds: values.members.map((member) => member.id),
  priceFloor: values.priceFloor,
  upgradesFrom: values.upgradesFrom.map((from) => from.id),
});

/**
 * The product editor's "Bundle and upgrades" panel: the products a bundle holds (picked, ordered,
 * removed), the price floor no credit goes below, and the products this one upgrades from. Saved
 * at once; the server checks the rules (#shared/bundles) and says what it refused.
 */
export function BundlePanel({ productId, priceCents }: { productId: string; priceCents: number }) {
  const bundle = useQuery(adminBundleQueryOptions(productId));
  if (bundle.isPending) {
    return (
      <div role="status" aria-label="Loading the bundle" className="mt-8">
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  if (bundle.isError) {
    return (
      <div className="mt-8">
        <ErrorAlert title="The bundle could not be loaded.">
          <RetryButton onRetry={() => void bundle.refetch()} className="mt-2" />
        </ErrorAlert>
      </div>
    );
  }
  return <BundleForm productId={productId} priceCents={priceCents} bundle={bundle.data} />;
}

function ChosenList({
  items,
  what,
  ordered,
  onChange,
  onSay,
}: {
  items: BundleProductRef[];
  what: string;
  ordered: boolean;
  onChange: (items: BundleProductRef[]) => void;
  onSay: (text: string) => void;
}) {
  const move = (index: number, by: -1 | 1) => {
    onChange(moveItem(items, index, by));
    onSay(
      `${items[index]?.name ?? 'The product'} moved to position ${index + by + 1} of ${items.length}`,
    );
  };
  const remove = (index: number) => {
    const item = items[index];
    onChange(items.filter((_, i) => i !== index));
    onSay(`${item?.name ?? 'The product'} removed; save to keep the change`);
  };
  if (items.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List aria-label={what} className="divide-y divide-zinc-800 rounded-xl border border-zinc-800">
      {items.map((item, index) => (
        <li key={item.id} className="flex flex-wrap items-center gap-3 p-3">
          {ordered && <span className="w-5 text-sm text-zinc-400 tabular-nums">{index + 1}</span>}
          <span className="min-w-0 flex-1">
            <span className="font-medium text-white">{item.name}</span>{' '}
            <span className="text-sm text-zinc-400">{formatPrice(item.priceCents)}</span>
            {item.status !== 'active' && (
              <Badge className="ml-2">{productStatusLabels[item.status]}: not in the store</Badge>
            )}
          </span>
          <ReorderButtons
            name={item.name}
            index={index}
            count={items.length}
            onMove={ordered ? (by) => move(index, by) : undefined}
            onRemove={() => remove(index)}
          />
        </li>
      ))}
    </List>
  );
}

function BundleForm({
  productId,
  priceCents,
  bundle,
}: {
  productId: string;
  priceCents: number;
  bundle: AdminBundle;
}) {
  const [saved, setSaved] = useState(() => valuesOf(bundle));
  const [values, setValues] = useState(saved);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const write = useCheckedWrite(
    bundleSettingsSchema,
    (input: BundleSettingsInput) => adminProductsApi.saveBundle(productId, input),
    productWriteRefreshes,
  );
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const chosen = new Set([
    productId,
    ...values.members.map((m) => m.id),
    ...values.upgradesFrom.map((m) => m.id),
  ]);
  const savings = bundleSavings(
    priceCents,
    values.members.map((member) => member.priceCents),
  );
  const separate = values.members.reduce((sum, member) => sum + member.priceCents, 0);
  const inBundle = bundle.includedIn[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(values);
    write.submit(input, input, (result) => {
      const next = valuesOf(result);
      setSaved(next);
      setValues(next);
      setSaid('');
      toast.success('Bundle and upgrades saved');
    });
  };
  const errors = (field: string) => write.errors[field]?.join(' ');

  return (
    <Card as="section" aria-labelledby="bundle-panel" className="mt-8 p-5 sm:p-6">
      <h2
        id="bundle-panel"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-white"
      >
        Bundle and upgrades
      </h2>
      <p className="mt-1 mb-5 text-sm text-zinc-400">
        A bundle sells other products together at this product&rsquo;s price. It has no file of its
        own: buyers get each product in it, with its own downloads.
      </p>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <fieldset className="space-y-3">
          <legend className="mb-2 font-medium text-white">Products in this bundle</legend>
          {inBundle ? (
            <p className="text-sm text-zinc-300">
              This product is in the bundle &ldquo;{inBundle.name}&rdquo;, so it cannot be a bundle
              itself.
            </p>
          ) : (
            <>
              <ChosenList
                items={values.members}
                what="Products in this bundle, in the order its page lists them"
                ordered
                onChange={(members) => setValues({ ...values, members })}
                onSay={setSaid}
              />
              {values.members.length > 0 && (
                <p className="text-sm" aria-live="polite">
                  {savings ? (
                    <span className="text-emerald-400">
                      Buyers: {savingsText(savings)} ({formatPrice(separate)}).
                    </span>
                  ) : (
                    <span className="text-amber-300">
                      This bundle saves nothing: its price ({formatPrice(priceCents)}) is not below
                      its products&rsquo; together ({formatPrice(separate)}).
                    </span>
                  )}
                </p>
              )}
              <ProductPicker
                label="Add a product to the bundle"
                hint="A bundle holds at least 2 products, none of them a bundle. Remove them all to sell this as a single product again."
                exclude={chosen}
                onPick={(member) => {
                  setValues({ ...values, members: [...values.members, member] });
                  setSaid(`${member.name} added to the bundle; save to keep the change`);
                }}
              />
            </>
          )}
          {errors('memberIds') && (
            <p role="alert" className="text-sm text-red-300">
              {errors('memberIds')}
            </p>
          )}
        </fieldset>

        <div className="max-w-xs">
          <Field
            label="Price floor ($)"
            hint="The least a buyer pays after credit for what they own (the bundle's products they have, an edition they upgrade from). 0 for no floor."
            errors={write.errors.priceFloor}
          >
            {(control) => (
              <input
                {...control}
                name="priceFloor"
                inputMode="decimal"
                value={values.priceFloor}
                onChange={(event) => setValues({ ...values, priceFloor: event.target.value })}
              />
            )}
          </Field>
        </div>

        <fieldset className="space-y-3">
          <legend className="mb-2 font-medium text-white">Upgrades from</legend>
          <ChosenList
            items={values.upgradesFrom}
            what="Products this one upgrades from"
            ordered={false}
            onChange={(upgradesFrom) => setValues({ ...values, upgradesFrom })}
            onSay={setSaid}
          />
          <ProductPicker
            label="Add a product this one upgrades from"
            hint="An owner of that product buys this one for the difference in price, never below the floor."
            exclude={chosen}
            onPick={(from) => {
              setValues({ ...values, upgradesFrom: [...values.upgradesFrom, from] });
              setSaid(`Upgrades from ${from.name}; save to keep the change`);
            }}
          />
          {errors('upgradesFrom') && (
            <p role="alert" className="text-sm text-red-300">
              {errors('upgradesFrom')}
            </p>
          )}
        </fieldset>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={write.isPending || !dirty}>
            {write.isPending ? 'Saving...' : 'Save bundle and upgrades'}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={!dirty}
            onClick={() => {
              setValues(saved);
              heading.current?.focus();
            }}
          >
            Undo changes
          </Button>
          <p className="text-sm text-zinc-400" aria-live="polite">
            {said || (dirty ? 'Unsaved changes' : '')}
          </p>
          <WriteFailure message={write.message} />
        </div>
      </form>
    </Card>
  );
}
