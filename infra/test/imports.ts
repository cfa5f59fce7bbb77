import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Relative value imports and re-exports (`import type` erases at build time and is skipped). */
const RELATIVE_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * Every module under `root` a module reaches through relative imports, as paths relative to `root` (the
 * entry included). A static reading: what a bundle of the entry may contain, tree shaking aside.
 */
export function importClosure(root: string, module: string): Set<string> {
  const seen = new Set<string>();
  const pending = [path.join(root, module)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of [...source.matchAll(RELATIVE_IMPORT), ...source.matchAll(DYNAMIC_IMPORT)]) {
      pending.push(path.resolve(path.dirname(file), match[1] as string));
    }
  }
  return new Set([...seen].map((file) => path.relative(root, file)));
}
