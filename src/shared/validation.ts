/** One failed rule, as zod reports it. */
export interface ValidationIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Field path → messages: the `fields` of a 400 VALIDATION_FAILED, and what a form shows beside
 * each field when the same schema refuses its input in the browser.
 */
export function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
