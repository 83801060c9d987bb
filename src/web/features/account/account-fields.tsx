import type { InputHTMLAttributes } from 'react';
import { TextField } from '#web/components/ui/text-field';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { hint?: string };

/** The account forms' email field. */
export function EmailField(props: FieldProps) {
  return (
    <TextField label="Email" type="email" name="email" autoComplete="email" required {...props} />
  );
}

/** A password field; `autoComplete` tells the browser whether it is the current or a new one. */
export function PasswordField({
  label,
  ...props
}: FieldProps & { label: string; autoComplete: 'current-password' | 'new-password' }) {
  return <TextField label={label} type="password" required {...props} />;
}
