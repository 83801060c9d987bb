import { useId, type Dispatch, type SetStateAction } from 'react';
import { daws, formats, genres, instruments, musicKeys, systems } from '#shared/music';
import { Field } from '../forms/field';
import type {
  ErrorsOf,
  MusicFormValues,
  MusicListKey,
  ProductFormValues,
} from './product-form-values';

const groups: { key: MusicListKey; legend: string; labels: Record<string, string> }[] = [
  { key: 'genres', legend: 'Genres', labels: genres.labels },
  { key: 'instruments', legend: 'Instruments', labels: instruments.labels },
  { key: 'formats', legend: 'Formats', labels: formats.labels },
  { key: 'systems', legend: 'Operating systems', labels: systems.labels },
  { key: 'daws', legend: 'DAWs it works with', labels: daws.labels },
];

/** A list's messages: its own, and any about one of its values (`music.genres.0`). */
function listErrors(errorsOf: ErrorsOf, key: MusicListKey): string[] | undefined {
  const found = [errorsOf(`music.${key}`), errorsOf(`music.${key}.0`)].flat().filter(Boolean);
  return found.length > 0 ? [...new Set(found as string[])] : undefined;
}

function CheckboxGroup({
  name,
  legend,
  labels,
  chosen,
  errors,
  onChange,
}: {
  name: string;
  legend: string;
  labels: Record<string, string>;
  chosen: string[];
  errors?: string[];
  onChange: (chosen: string[]) => void;
}) {
  const errorId = useId();
  return (
    <fieldset className="sm:col-span-2" aria-describedby={errors ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-zinc-200">{legend} (optional)</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {Object.entries(labels).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={chosen.includes(value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? Object.keys(labels).filter((v) => v === value || chosen.includes(v))
                    : chosen.filter((v) => v !== value),
                )
              }
              className="size-4 accent-brand-500"
            />
            {label}
          </label>
        ))}
      </div>
      {errors && (
        <p id={errorId} className="mt-1.5 text-sm text-red-300">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The musical facts (#shared/music-schema): a tempo or tempo range, a key, and the lists a
 * producer filters by, as checkbox groups in the vocabularies' order.
 */
export function MusicFields({
  values,
  setValues,
  errorsOf,
}: {
  values: MusicFormValues;
  setValues: Dispatch<SetStateAction<ProductFormValues>>;
  errorsOf: ErrorsOf;
}) {
  const set = <K extends keyof MusicFormValues>(key: K, value: MusicFormValues[K]) =>
    setValues((current) => ({ ...current, music: { ...current.music, [key]: value } }));
  const bpm = (key: 'bpmMin' | 'bpmMax', label: string, hint: string) => (
    <Field label={label} hint={hint} errors={errorsOf(`music.${key}`)}>
      {(control) => (
        <input
          {...control}
          name={`music.${key}`}
          inputMode="numeric"
          value={values[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <>
      {bpm('bpmMin', 'BPM (optional)', 'The tempo, or the lowest of a range: 20 to 999.')}
      {bpm('bpmMax', 'Highest BPM (optional)', 'For a range only, like 90 to 120.')}
      <Field label="Key (optional)" errors={errorsOf('music.key')}>
        {(control) => (
          <select
            {...control}
            name="music.key"
            value={values.key}
            onChange={(event) => set('key', event.target.value)}
          >
            <option value="">No key</option>
            {musicKeys.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="hidden sm:block" />
      {groups.map((group) => (
        <CheckboxGroup
          key={group.key}
          name={`music.${group.key}`}
          legend={group.legend}
          labels={group.labels}
          chosen={values[group.key]}
          errors={listErrors(errorsOf, group.key)}
          onChange={(chosen) => set(group.key, chosen as MusicFormValues[typeof group.key])}
        />
      ))}
    </>
  );
}
