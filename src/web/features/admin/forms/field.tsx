import { useId, type ReactNode } from 'react';
import { inputClasses } from '#web/components/ui/text-field';

/** What the field's control (an input or a textarea) spreads: its id, look and descriptions. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled control whose hint and errors are read with it (aria-describedby). */
export function Field({
  label,
  hint,
  errors,
  children,
}: {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hasErrors = Boolean(errors?.length);
  const described = [hint ? `${id}-hint` : '', hasErrors ? `${id}-error` : ''].filter(Boolean);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children({
        id,
        className: inputClasses,
        'aria-invalid': hasErrors ? true : undefined,
        'aria-describedby': described.length ? described.join(' ') : undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-400">
          {hint}
        </p>
      )}
      {hasErrors && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-300">
          {errors?.join(' ')}
        </p>
      )}
    </div>
  );
}

/** What the server said when it refused a form's write as a whole (no field to point at). */
export function WriteFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-300">
      {message}
    </p>
  );
}
