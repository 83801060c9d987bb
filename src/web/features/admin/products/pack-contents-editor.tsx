import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import {
  packContentsEditSchema,
  packItemEditOf,
  type PackContentsEdit,
  type PackItemEdit,
} from '#shared/admin-pack-contents';
import { musicKeys, packItemKindLabels, packItemKinds, type PackItem } from '#shared/music';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { inputClasses } from '#web/components/ui/text-field';
import {
  adminPackContentsQueryOptions,
  adminPackExtractionQueryOptions,
  adminProductsApi,
  productWriteRefreshes,
} from '../api/products';
import { WriteFailure } from '../forms/field';
import { PackExtractionStatus } from './pack-extraction-status';
import { moveItem, ReorderButtons } from './reorder-buttons';
import { useCheckedWrite } from '../forms/use-checked-write';

/** An item as the form holds it: the BPM as typed, no key as ''. */
interface Row {
  id: string;
  name: string;
  kind: PackItem['kind'];
  bpm: string;
  key: string;
}

const rowOf = (item: PackItem): Row => {
  const edit = packItemEditOf(item);
  return { ...edit, bpm: edit.bpm === null ? '' : String(edit.bpm), key: edit.key ?? '' };
};

/** The row as the API takes it; a BPM that is not a number is sent as typed, for the schema to refuse. */
function editOf(row: Row): PackItemEdit {
  const bpm = row.bpm.trim() === '' ? null : Number(row.bpm);
  return { ...row, bpm, key: (row.key || null) as PackItemEdit['key'] };
}

const cell = `${inputClasses} py-2`;

/**
 * The pack's contents in the product editor: the owner renames, retypes, retimes,
 * reorders and removes items, then saves the list at once. Items come from the seed or from
 * the pack's uploaded ZIP (read in the background; its progress shows here). A product with
 * neither shows nothing here.
 */
export function PackContentsEditor({ productId }: { productId: string }) {
  const contents = useQuery(adminPackContentsQueryOptions(productId));
  const extraction = useQuery(adminPackExtractionQueryOptions(productId));
  if (contents.isPending) {
    return (
      <div role="status" aria-label="Loading the pack contents" className="mt-8">
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  if (contents.isError) {
    return (
      <div className="mt-8">
        <ErrorAlert title="The pack contents could not be loaded.">
          <RetryButton onRetry={() => void contents.refetch()} className="mt-2" />
        </ErrorAlert>
      </div>
    );
  }
  if (contents.data.length === 0 && !extraction.data) return null;
  return (
    <Card as="section" aria-labelledby="pack-contents-editor" className="mt-8 p-5 sm:p-6">
      <PackContentsForm
        // A new list (a ZIP read, or a save) starts the form again from it.
        key={contents.data.map((item) => item.id).join(' ')}
        productId={productId}
        items={contents.data}
      />
    </Card>
  );
}

function PackContentsForm({ productId, items }: { productId: string; items: PackItem[] }) {
  const [saved, setSaved] = useState(() => items.map(rowOf));
  const [rows, setRows] = useState(saved);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const write = useCheckedWrite(
    packContentsEditSchema,
    (edit: PackContentsEdit) => adminProductsApi.saveContents(productId, edit),
    productWriteRefreshes,
  );
  const dirty = JSON.stringify(rows) !== JSON.stringify(saved);

  const change = (index: number, fields: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...fields } : row)));
  const move = (index: number, by: -1 | 1) => {
    const row = rows[index];
    if (!row) return;
    setRows(moveItem(rows, index, by));
    setSaid(`${row.name} moved to position ${index + by + 1} of ${rows.length}`);
  };
  const remove = (index: number) => {
    const row = rows[index];
    setRows(rows.filter((_, i) => i !== index));
    setSaid(`${row?.name ?? 'The item'} removed; save to keep the change`);
    heading.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const edit = { items: rows.map(editOf) };
    write.submit(edit, edit, (result) => {
      const next = result.map(rowOf);
      setSaved(next);
      setRows(next);
      toast.success('Pack contents saved');
    });
  };

  return (
    <>
      <h2
        id="pack-contents-editor"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-white"
      >
        Pack contents
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        What the product page lists, in this order. Removing an item hides it from the list; the
        download itself does not change.
      </p>
      <p className="mt-1 mb-4 text-sm text-zinc-400">
        Uploading a pack ZIP as the product&apos;s file lists its audio and MIDI here. A new ZIP
        replaces the items listed from the last one; items that did not come from a ZIP stay.
      </p>
      <PackExtractionStatus productId={productId} />
      {rows.length === 0 ? null : (
        <form onSubmit={onSubmit} noValidate>
          <ol className="space-y-3">
            {rows.map((row, index) => {
              const errorOf = (field: string) => write.errors[`items.${index}.${field}`]?.[0];
              const errorId = `pack-item-${row.id}-error`;
              const errors = ['name', 'kind', 'bpm', 'key'].map(errorOf).filter(Boolean);
              const invalid = (field: string) => (errorOf(field) ? true : undefined);
              return (
                <li
                  key={row.id}
                  className="grid grid-cols-2 gap-2 border-t border-zinc-800 pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[2rem_minmax(0,1fr)_8rem_5.5rem_8.5rem_auto] sm:items-center"
                >
                  <span className="hidden text-sm text-zinc-400 tabular-nums sm:block">
                    {index + 1}
                  </span>
                  <label className="col-span-2 sm:col-span-1">
                    <span className="sr-only">Name of item {index + 1}</span>
                    <input
                      className={cell}
                      value={row.name}
                      aria-invalid={invalid('name')}
                      aria-describedby={errors.length ? errorId : undefined}
                      onChange={(event) => change(index, { name: event.target.value })}
                    />
                  </label>
                  <label>
                    <span className="sr-only">Type of {row.name}</span>
                    <select
                      className={cell}
                      value={row.kind}
                      onChange={(event) =>
                        change(index, { kind: event.target.value as Row['kind'] })
                      }
                    >
                      {packItemKinds.map((kind) => (
                        <option key={kind} value={kind}>
                          {packItemKindLabels[kind]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    <span className="sr-only">BPM of {row.name}</span>
                    <input
                      className={cell}
                      inputMode="numeric"
                      placeholder="BPM"
                      value={row.bpm}
                      aria-invalid={invalid('bpm')}
                      aria-describedby={errors.length ? errorId : undefined}
                      onChange={(event) => change(index, { bpm: event.target.value })}
                    />
                  </label>
                  <label>
                    <span className="sr-only">Key of {row.name}</span>
                    <select
                      className={cell}
                      value={row.key}
                      onChange={(event) => change(index, { key: event.target.value })}
                    >
                      <option value="">No key</option>
                      {musicKeys.map((key) => (
                        <option key={key} value={key}>
                          {key}
                        </option>
                      ))}
                    </select>
                  </label>
                  <ReorderButtons
                    name={row.name}
                    index={index}
                    count={rows.length}
                    onMove={(by) => move(index, by)}
                    onRemove={() => remove(index)}
                  />
                  {errors.length > 0 && (
                    <p id={errorId} className="col-span-2 text-sm text-red-300 sm:col-span-6">
                      {errors.join(' ')}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          {write.errors.items && <WriteFailure message={write.errors.items.join(' ')} />}
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={write.isPending || !dirty}>
              {write.isPending ? 'Saving...' : 'Save contents'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={!dirty}
              onClick={() => setRows(saved)}
            >
              Undo changes
            </Button>
            <p className="text-sm text-zinc-400" aria-live="polite">
              {said || (dirty ? 'Unsaved changes' : `${rows.length} items`)}
            </p>
            <WriteFailure message={write.message} />
          </div>
        </form>
      )}
    </>
  );
}
