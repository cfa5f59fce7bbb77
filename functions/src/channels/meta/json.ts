/** Narrowing helpers for provider JSON, which is untrusted and often loosely typed. */
export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A non-blank string, else undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A finite number, also from a numeric string (providers send coordinates and epochs either way). */
export const numeric = (value: unknown): number | undefined => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
};
