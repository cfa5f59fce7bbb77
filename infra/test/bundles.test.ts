import { describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET_BYTES, deployedHandlers, importChain, measureBundles } from '../src/bundles.ts';

/**
 * Handlers still above the 1 MB budget, each with the ceiling it may not grow past (its size when listed,
 * rounded up to 10 KB) and what keeps it there. The list only shrinks: a handler that fits the budget must
 * leave it, and no other handler may join it.
 */
// Ceilings at the sizes after the exceljs, mailparser and domain-event trims (the e-mail receipt handler and the
// export consumer left the list with them). The contacts handler and the import consumer left it when XLSX
// reading moved to fflate and saxes and the import files were read, stored and presigned without the S3 client;
// the inbound consumer when Lambdas began importing only the strings and schemas they read (about 984 KB, with
// libphonenumber-js/max and orama still in).
const OVER_BUDGET: Record<string, { ceiling: number; why: string }> = {
  // The ingest consumer (chunking, embedding, evaluation replays) left the list when reading files and pages
  // moved to a consumer of their own.
  'ai/extract-consumer#handler': {
    ceiling: 2_930_000,
    why: 'PDF.js (unpdf, 1.6 MB), mammoth (with jszip, xmldom, pako, about 360 KB) and sanitize-html (with htmlparser2, entities, postcss, about 270 KB) to read PDF, DOCX and page text, and the S3 client for the files: reading a document is all this consumer does',
  },
};

const sizes = await measureBundles();

describe('Lambda bundles (minified index.mjs, bundled as the stack does)', () => {
  it('measures every deployed handler (the check is not vacuous)', () => {
    expect(sizes.length).toBe(deployedHandlers().length);
    const health = sizes.find((size) => size.key === 'health/handler#handler');
    expect(health?.bytes).toBeGreaterThan(100_000);
    expect(health?.contributors.some((entry) => entry.name === 'npm:zod')).toBe(true);
    expect(importChain(health?.metafile ?? { inputs: {}, outputs: {} }, 'node_modules/zod')).toBeDefined();
  });

  it(`keeps every handler within ${BUNDLE_BUDGET_BYTES / 1_000_000} MB, the listed ones within their ceilings`, () => {
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
      const listed = OVER_BUDGET[size.key];
      if (listed) {
        expect(size.bytes, `${size.key} grew past its ceiling`).toBeLessThanOrEqual(listed.ceiling);
        expect(size.bytes, `${size.key} fits the budget now: remove it from OVER_BUDGET`).toBeGreaterThan(
          BUNDLE_BUDGET_BYTES,
        );
      } else {
        expect(size.bytes, `${size.key} is over budget`).toBeLessThanOrEqual(BUNDLE_BUDGET_BYTES);
      }
    }
  });
});
