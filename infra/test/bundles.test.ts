import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET_BYTES, deployedHandlers, importChain, measureBundles } from '../src/bundles.ts';

const sizes = await measureBundles();

describe('Lambda bundles (what a cold start loads, minified, bundled as the stack does)', () => {
  it('measures every deployed handler (the check is not vacuous)', () => {
    expect(sizes.length).toBe(deployedHandlers().length);
    const health = sizes.find((size) => size.key === 'health/handler#handler');
    expect(health?.bytes).toBeGreaterThan(100_000);
    expect(health?.contributors.some((entry) => entry.name === 'npm:zod')).toBe(true);
    expect(importChain(health?.metafile ?? { inputs: {}, outputs: {} }, 'node_modules/zod')).toBeDefined();
  });

  it(`keeps every handler within ${BUNDLE_BUDGET_BYTES / 1_000_000} MB`, () => {
    const report = sizes.map(
      (size) =>
        `${(size.bytes / 1000).toFixed(0).padStart(5)} KB ${size.key}: ` +
        size.contributors
          .slice(0, 4)
          .map((entry) => `${entry.name} ${(entry.bytes / 1000).toFixed(0)} KB`)
          .join(', '),
    );
    console.info(`Lambda bundles, largest first:\n${report.join('\n')}`);
    for (const size of sizes) {
      expect(size.bytes, `${size.key} is over budget`).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
    }
  });

  it('leaves the document readers out of what the extract consumer loads at cold start', () => {
    // PDF.js alone is 1.6 MB: the consumer was 2.9 MB while esbuild inlined its `await import()`s.
    const extract = sizes.find((size) => size.key === 'ai/extract-consumer#handler');
    const names = (entries: Array<{ name: string }> = []) => entries.map((entry) => entry.name);
    expect(names(extract?.lazyContributors)).toEqual(expect.arrayContaining(['npm:unpdf', 'npm:mammoth']));
    expect(names(extract?.contributors)).not.toContain('npm:unpdf');
    expect(names(extract?.contributors)).not.toContain('npm:mammoth');
    expect(extract?.lazyBytes).toBeGreaterThan(1_500_000);
  });
});
