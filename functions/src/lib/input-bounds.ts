import {
  boundsMessage,
  type JsonBounds,
  jsonBoundsIssue,
  REQUEST_BOUNDS,
} from '@atende/shared/rules/json-bounds';
import { Invalid } from './errors.ts';

/** Every request body and query passes these bounds before its schema runs: a 400 naming the field. */
export function requireBounded(value: unknown, where: string, bounds: JsonBounds = REQUEST_BOUNDS): void {
  const issue = jsonBoundsIssue(value, bounds);
  if (!issue) return;
  const { field, message } = boundsMessage(issue, issue.path.length > 0 ? '' : where);
  throw new Invalid(field, `Campo inválido: ${field}: ${message}`);
}

/**
 * DynamoDB's own refusal of a resume key (a cursor naming a key of the wrong shape or index). Cursor
 * decoders check the caller's partition; this turns anything they let through into the same 400.
 */
export function isRefusedStartKey(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'ValidationException' &&
    /exclusive ?start ?key|starting key/i.test(error.message)
  );
}
