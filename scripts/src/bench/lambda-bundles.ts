import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Issue 11's budget: a minified handler bundle above this costs cold start (about 23 ms per 146 KB). */
const BUDGET_BYTES = 1_000_000;

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

interface TemplateResource {
  Type: string;
  Properties?: { Description?: string };
  Metadata?: { 'aws:asset:path'?: string };
}

/**
 * The size of every Lambda's minified `index.mjs` exactly as `npm run synth` bundles it (CDK NodejsFunction,
 * esbuild, the stack's own bundling options), read back from cdk.out through the templates' asset metadata.
 */
export function benchLambdaBundles(repoRoot: string): void {
  execFileSync('npx', ['cdk', 'synth', '--no-notices', '--no-version-reporting', '--quiet'], {
    cwd: repoRoot,
    // esbuild reports every bundle on stderr; a failed synth still throws with it attached.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const out = join(repoRoot, 'cdk.out');
  const sizes: Array<{ name: string; bytes: number }> = [];
  for (const file of readdirSync(out).filter((name) => name.endsWith('.template.json'))) {
    const template = JSON.parse(readFileSync(join(out, file), 'utf8')) as {
      Resources: Record<string, TemplateResource>;
    };
    for (const resource of Object.values(template.Resources)) {
      const asset = resource.Metadata?.['aws:asset:path'];
      if (resource.Type !== 'AWS::Lambda::Function' || !asset) continue;
      const bundle = join(out, asset, 'index.mjs');
      if (!existsSync(bundle)) continue;
      sizes.push({ name: resource.Properties?.Description ?? asset, bytes: statSync(bundle).size });
    }
  }
  sizes.sort((a, b) => b.bytes - a.bytes);
  const median = sizes[Math.floor(sizes.length / 2)]?.bytes ?? 0;
  const over = sizes.filter((entry) => entry.bytes > BUDGET_BYTES);
  console.log(`\nLambda bundles (npm run synth, minified index.mjs), ${sizes.length} functions`);
  for (const { name, bytes } of sizes) {
    console.log(`  ${mb(bytes).padStart(8)}  ${name}${bytes > BUDGET_BYTES ? '  — over 1 MB' : ''}`);
  }
  console.log(
    `  median ${mb(median)}, largest ${mb(sizes[0]?.bytes ?? 0)}; ${over.length} over ${mb(BUDGET_BYTES)}`,
  );
}
