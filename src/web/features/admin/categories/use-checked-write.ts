import { useState } from 'react';
import type { ZodMiniType } from 'zod/mini';
import { useCategoryMutation } from '../api/categories';
import { checkInput, writeError, type FieldErrors } from './form-errors';

/**
 * A category form's write: the input is checked with the server's own schema first, then sent;
 * the errors are the browser's check's and else the server's refusal's, field by field.
 */
export function useCheckedWrite<TInput, TResult>(
  schema: ZodMiniType,
  run: (input: TInput) => Promise<TResult>,
) {
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const mutation = useCategoryMutation(run);
  const failed = mutation.isError ? writeError(mutation.error) : null;

  /** Checks `checked` against the schema and, when it passes, sends `input`. */
  const submit = (checked: unknown, input: TInput, onSuccess: (result: TResult) => void) => {
    const problems = checkInput(schema, checked);
    setInvalid(problems ?? {});
    mutation.reset();
    if (!problems) mutation.mutate(input, { onSuccess });
  };

  return {
    submit,
    errors: { ...failed?.fields, ...invalid },
    message: failed?.message ?? null,
    isPending: mutation.isPending,
  };
}
