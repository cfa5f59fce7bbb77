import { BUNDLE_BUDGET_BYTES, importChain, measureBundles } from '../src/bundles.ts';

/**
 * `npx tsx infra/bin/bundle-sizes.ts [needle]`: what every Lambda loads at cold start (minified), largest
 * first, with its five largest contributors, and what it loads on first use; with a needle (e.g.
 * `node_modules/exceljs`), the import chain that brings it into each bundle holding it.
 */
const needle = process.argv[2];
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const largest = (entries: Array<{ name: string; bytes: number }>) =>
  entries
    .slice(0, 5)
    .map((entry) => `${entry.name} ${kb(entry.bytes)}`)
    .join(', ');
const sizes = await measureBundles();
for (const size of sizes) {
  const flag = size.bytes > BUNDLE_BUDGET_BYTES ? '  over budget' : '';
  const lazy = size.lazyBytes > 0 ? ` (+ ${kb(size.lazyBytes)} on first use)` : '';
  console.log(`${kb(size.bytes).padStart(8)}  ${size.key}${lazy}${flag}`);
  console.log(`          ${largest(size.contributors)}`);
  if (size.lazyBytes > 0) console.log(`          on first use: ${largest(size.lazyContributors)}`);
  const chain = needle ? importChain(size.metafile, needle) : undefined;
  if (chain) console.log(`          ${chain.join('\n            -> ')}`);
}
const over = sizes.filter((size) => size.bytes > BUNDLE_BUDGET_BYTES);
console.log(`${sizes.length} bundles, ${over.length} over ${kb(BUNDLE_BUDGET_BYTES)}`);
