/** Attributes never copied into the audit trail. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'access_token', 'contacts_manager_access_token']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const withoutSecrets = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEYS.has(key)));

/**
 * The before/after summary of a change: only the top-level fields that differ. A creation has no before and
 * a deletion no after.
 */
export function changeSummary(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) {
    return { before: before && withoutSecrets(before), after: after && withoutSecrets(after) };
  }
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !SECRET_KEYS.has(key) && !same(before[key], after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
