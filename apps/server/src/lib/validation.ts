import { AppError } from './errors';

/** One schema problem, as zod reports it (route schemas reach here through the error handler). */
export interface FieldIssue {
  path: readonly PropertyKey[];
  code: string;
  message?: string | undefined;
  /** The unknown keys of a strict object (`unrecognized_keys`). */
  keys?: readonly string[] | undefined;
}

/** `{ field: message }`, naming unknown keys of strict bodies too; the first problem of a field wins. */
export function invalidFields(issues: readonly FieldIssue[], context?: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) fields[path ? `${path}.${key}` : key] = 'Unknown field';
      continue;
    }
    fields[path || context || 'request'] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** The 400 for a request that failed its schema: a sentence naming the fields, and each field's problem. */
export function validationError(issues: readonly FieldIssue[], context?: string): AppError {
  const fields = invalidFields(issues, context);
  const names = Object.keys(fields);
  const message =
    names.length === 1
      ? `Invalid ${names[0]}: ${fields[names[0]!]}`
      : `Invalid request: check ${names.join(', ')}`;
  return new AppError('VALIDATION', message, fields);
}
