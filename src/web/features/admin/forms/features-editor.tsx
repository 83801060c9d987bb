import { useEffect, useId, useRef } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { promiseLimits } from '#shared/promises';
import { Button } from '#web/components/ui/button';
import { inputClasses } from '#web/components/ui/text-field';

const iconButton =
  'grid size-9 shrink-0 place-items-center rounded-lg text-zinc-300 hover:bg-zinc-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-40';

/** The list with the point at `from` moved to `to`. */
function moved(points: readonly string[], from: number, to: number): string[] {
  const next = [...points];
  const [point] = next.splice(from, 1);
  next.splice(to, 0, point ?? '');
  return next;
}

/**
 * A list of feature points the owner adds to, edits, reorders and removes (a product's, or a
 * category's defaults). At most promiseLimits.features; the shared schema says what each may
 * be, its messages shown under the point (`errorsOf('<name>.<index>')`) and the list's.
 */
export function FeaturesEditor({
  name,
  legend,
  hint,
  points,
  onChange,
  errorsOf,
}: {
  /** The field's name: each input is `<name>.<index>`, as the schema's errors name them. */
  name: string;
  legend: string;
  hint?: string;
  points: readonly string[];
  onChange: (next: string[]) => void;
  errorsOf: (field: string) => string[] | undefined;
}) {
  const id = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  /** What to focus once the list has drawn the change: an input or a move button. */
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    box.current?.querySelector<HTMLElement>(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const full = points.length >= promiseLimits.features;
  const listErrors = errorsOf(name);
  const set = (index: number, text: string) =>
    onChange(points.map((point, at) => (at === index ? text : point)));
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const last = points.length - 1;
    // The focus stays on the moved point's button, or its other one at either end.
    const direction = (by === -1 && to === 0) || (by === 1 && to === last) ? -by : by;
    focusNext.current = `[data-move="${to}:${direction}"]`;
    onChange(moved(points, index, to));
  };
  const remove = (index: number) => {
    focusNext.current =
      points.length > 1 ? `[name="${name}.${Math.max(0, index - 1)}"]` : '[data-add]';
    onChange(points.filter((_, at) => at !== index));
  };
  const add = () => {
    focusNext.current = `[name="${name}.${points.length}"]`;
    onChange([...points, '']);
  };

  return (
    <fieldset ref={box} aria-describedby={`${id}-hint`} className="space-y-3">
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-zinc-400">
        {hint ? `${hint} ` : ''}
        {`${points.length} of ${promiseLimits.features} points, up to ${promiseLimits.feature} characters each.`}
      </p>
      {points.length > 0 && (
        <ol className="space-y-2">
          {points.map((point, index) => {
            const errors = errorsOf(`${name}.${index}`);
            const label = `Point ${index + 1}`;
            return (
              <li key={index} className="flex items-start gap-1">
                <div className="min-w-0 flex-1">
                  <label htmlFor={`${id}-${index}`} className="sr-only">
                    {label}
                  </label>
                  <input
                    id={`${id}-${index}`}
                    name={`${name}.${index}`}
                    value={point}
                    maxLength={promiseLimits.feature + 20}
                    className={inputClasses}
                    aria-invalid={errors ? true : undefined}
                    aria-describedby={errors ? `${id}-${index}-error` : undefined}
                    onChange={(event) => set(index, event.target.value)}
                  />
                  {errors && (
                    <p id={`${id}-${index}-error`} className="mt-1.5 text-sm text-red-300">
                      {errors.join(' ')}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === 0}
                  data-move={`${index}:-1`}
                  aria-label={`Move point ${index + 1} up`}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={index === points.length - 1}
                  data-move={`${index}:1`}
                  aria-label={`Move point ${index + 1} down`}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Remove point ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {listErrors && <p className="text-sm text-red-300">{listErrors.join(' ')}</p>}
      <Button type="button" variant="secondary" size="sm" data-add disabled={full} onClick={add}>
        <Plus aria-hidden="true" className="size-4" />
        Add a point
      </Button>
    </fieldset>
  );
}
