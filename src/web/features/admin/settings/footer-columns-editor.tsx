import { Plus, Trash2 } from 'lucide-react';
import type { FooterColumn } from '#shared/store-brand';
import { Button } from '#web/components/ui/button';
import { Field } from '../forms/field';

const MAX_COLUMNS = 4;
const MAX_LINKS = 8;

/**
 * The footer's own columns (after Products, which the categories fill): a title and links each,
 * a link being a store page (/about) or an address elsewhere (https://…).
 */
export function FooterColumnsEditor({
  columns,
  errors,
  onChange,
}: {
  columns: FooterColumn[];
  errors: Record<string, string[] | undefined>;
  onChange: (columns: FooterColumn[]) => void;
}) {
  const setColumn = (index: number, column: FooterColumn) =>
    onChange(columns.map((c, i) => (i === index ? column : c)));
  return (
    <div className="space-y-4">
      {columns.map((column, index) => (
        <fieldset key={index} className="rounded-xl border border-zinc-800 p-4">
          <legend className="px-1 text-sm font-medium text-zinc-200">Column {index + 1}</legend>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <Field label="Column title" errors={errors[`footerColumns.${index}.title`]}>
                {(control) => (
                  <input
                    {...control}
                    value={column.title}
                    onChange={(e) => setColumn(index, { ...column, title: e.target.value })}
                  />
                )}
              </Field>
            </div>
            <Button
              variant="ghost"
              aria-label={`Remove column ${index + 1}`}
              onClick={() => onChange(columns.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <ul className="mt-3 space-y-3">
            {column.links.map((link, linkIndex) => {
              const at = `footerColumns.${index}.links.${linkIndex}`;
              const setLink = (patch: Partial<typeof link>) =>
                setColumn(index, {
                  ...column,
                  links: column.links.map((l, i) => (i === linkIndex ? { ...l, ...patch } : l)),
                });
              return (
                <li key={linkIndex} className="grid items-end gap-2 sm:grid-cols-[1fr_1.4fr_auto]">
                  <Field label={`Link ${linkIndex + 1} label`} errors={errors[`${at}.label`]}>
                    {(control) => (
                      <input
                        {...control}
                        value={link.label}
                        onChange={(e) => setLink({ label: e.target.value })}
                      />
                    )}
                  </Field>
                  <Field label={`Link ${linkIndex + 1} address`} errors={errors[`${at}.url`]}>
                    {(control) => (
                      <input
                        {...control}
                        value={link.url}
                        placeholder="/about or https://…"
                        onChange={(e) => setLink({ url: e.target.value })}
                      />
                    )}
                  </Field>
                  <Button
                    variant="ghost"
                    aria-label={`Remove link ${linkIndex + 1} of column ${index + 1}`}
                    onClick={() =>
                      setColumn(index, {
                        ...column,
                        links: column.links.filter((_, i) => i !== linkIndex),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
          {column.links.length < MAX_LINKS && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() =>
                setColumn(index, { ...column, links: [...column.links, { label: '', url: '' }] })
              }
            >
              <Plus aria-hidden="true" className="size-4" />
              Add a link
            </Button>
          )}
        </fieldset>
      ))}
      {columns.length < MAX_COLUMNS && (
        <Button
          variant="secondary"
          onClick={() => onChange([...columns, { title: '', links: [{ label: '', url: '' }] }])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a column
        </Button>
      )}
    </div>
  );
}
