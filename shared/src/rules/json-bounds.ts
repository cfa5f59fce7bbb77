import { securityPtBR } from '../i18n/pt-BR.ts';

/**
 * Bounds on free-form JSON a client sends. DynamoDB refuses documents nested over 32 levels, empty map keys
 * in some places and numbers beyond 38 digits of precision, and a body of a million nodes costs memory before
 * any schema has looked at it: such input is a 400 naming where it failed, never a 500 from deep inside.
 */
export interface JsonBounds {
  /** Levels of objects/arrays below the value itself. */
  maxDepth: number;
  /** Object keys plus array items, counted over the whole value. */
  maxNodes: number;
  /** Absolute value a number may reach; beyond Number.MAX_SAFE_INTEGER precision is already gone. */
  maxNumber: number;
  /** Longest object key. */
  maxKeyLength: number;
  /** Refuse "" as an object key. */
  noEmptyKeys: boolean;
}

export const REQUEST_BOUNDS: JsonBounds = {
  maxDepth: 24,
  maxNodes: 50_000,
  maxNumber: Number.MAX_SAFE_INTEGER,
  maxKeyLength: 256,
  noEmptyKeys: false,
};

export interface BoundsIssue {
  /** Path of the offending value, as zod names fields (`a.b.0`). */
  path: (string | number)[];
  reason: 'depth' | 'size' | 'number' | 'key';
}

/** The first place `value` breaks `bounds`, or undefined; iterative, so deep input cannot blow the stack. */
export function jsonBoundsIssue(value: unknown, bounds: JsonBounds): BoundsIssue | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof current === 'number') {
      if (!Number.isFinite(current) || Math.abs(current) > bounds.maxNumber)
        return { path, reason: 'number' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= bounds.maxDepth) return { path, reason: 'depth' };
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    nodes += entries.length;
    if (nodes > bounds.maxNodes) return { path, reason: 'size' };
    for (const [key, child] of entries) {
      if (
        typeof key === 'string' &&
        ((bounds.noEmptyKeys && key === '') || key.length > bounds.maxKeyLength)
      ) {
        return { path: [...path, key], reason: 'key' };
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

const REASONS = {
  depth: securityPtBR.tooDeep,
  size: securityPtBR.tooLarge,
  number: securityPtBR.numberOutOfRange,
  key: securityPtBR.invalidKey,
} as const;

/** The issue's field (`prefix.a.b`) and what is wrong with it, in pt-BR. */
export function boundsMessage(issue: BoundsIssue, prefix: string): { field: string; message: string } {
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return { field, message: REASONS[issue.reason] };
}
