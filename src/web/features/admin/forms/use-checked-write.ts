import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { useAdminWrite } from '../api/admin-write';
import { checkInput, writeError, type FieldErrors } from './form-errors';

/**
 * An admin form's write: the input is checked with the server's own schema first, then sent;
 * the errors are the browser's check's and else the server's refusal's, field by field.
 */
export function useCheckedWrite<TInput, TResult>(
  schema: ZodType,
  run: (input: TInput) => Promise<TResult>,
  /** The store's own data in this tab that the write changes (see useAdminWrite). */
  alsoRefresh: readonly QueryKey[] = [],
) {
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const mutation = useAdminWrite(run, alsoRefresh);
  const failed = mutation.isError ? writeError(mutation.error) : null;

  /**
   * Checks `checked` against the schema and, when it passes, sends `input`. `onSuccess` runs
   * even when the form has started again meanwhile (the refresh brought a new list, and a form
   * keyed by it remounted): React Query skips `mutate`'s own callbacks once the component that
   * asked is gone, and the owner would never hear the write was saved.
   */
  const submit = (checked: unknown, input: TInput, onSuccess: (result: TResult) => void) => {
    const problems = checkInput(schema, checked);
    setInvalid(problems ?? {});
    mutation.reset();
    // A refusal is shown from the mutation's state (`failed` above), not from this promise.
    if (!problems) mutation.mutateAsync(input).then(onSuccess, () => {});
  };

  return {
    submit,
    errors: { ...failed?.fields, ...invalid },
    /** The server's refusal alone, field by field. */
    refused: failed?.fields ?? {},
    message: failed?.message ?? null,
    isPending: mutation.isPending,
  };
}
