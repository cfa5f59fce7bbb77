import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The import graph of functions/src, read from the sources (relative imports only: packages are not domains). */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Value imports, re-exports and side-effect imports (`import type` is erased and ties no modules). */
const importPattern =
  /(?:import|export)\s(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]|import\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].map((match) =>
    resolve(dirname(file), (match[1] ?? match[2] ?? match[3]) as string),
  );
}

/** The top folder of functions/src a file belongs to (its domain, or lib). */
const moduleOf = (file: string) => relative(root, file).split(sep)[0] as string;

const files = sources(root);
const edges = new Map<string, Set<string>>();
for (const file of files) {
  const from = moduleOf(file);
  for (const target of importsOf(file)) {
    const to = moduleOf(target);
    if (to === from) continue;
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
}

/** Whether `to` is reachable from `from` through the module graph. */
function reaches(from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    for (const next of edges.get(current) ?? []) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return false;
}

describe('module boundaries of functions/src', () => {
  it('reads a graph (the checker is not vacuous)', () => {
    expect(edges.get('contacts')?.has('lib')).toBe(true);
    expect(reaches('contacts', 'lib')).toBe(true);
  });

  it('lib imports no domain', () => {
    expect([...(edges.get('lib') ?? [])].filter((to) => to !== 'testing')).toEqual([]);
  });
});

/** Side-effect imports (`import './x.ts'`): a module that works only if some other one was loaded first. */
const sideEffectImports = files.filter((file) =>
  /^import\s+['"][^'"]+['"];?$/m.test(readFileSync(file, 'utf8')),
);

describe('the untangled domains', () => {
  it('outbound messaging is one module: the engine delivers through it, never through messages', () => {
    expect(edges.get('conversations')?.has('messages') ?? false).toBe(false);
    expect(edges.get('messages')?.has('conversations')).toBe(true);
    expect(edges.get('conversations')?.has('outbound')).toBe(true);
    expect(reaches('outbound', 'messages')).toBe(false);
  });

  it('no module relies on another being imported for its side effects', () => {
    expect(sideEffectImports.map((file) => relative(root, file))).toEqual([]);
  });

  it('contacts own the customer record: customers use contacts, never the other way round', () => {
    expect(edges.get('contacts')?.has('customers') ?? false).toBe(false);
    expect(edges.get('customers')?.has('contacts')).toBe(true);
  });
});
