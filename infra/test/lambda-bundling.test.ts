import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { Functions } from '../src/functions.ts';
import { lazyImportFunctionsRoot } from './support.ts';

/** The stack's own bundling, run for real (the other infra tests skip it) on two small handlers. */
describe('Lambda bundling at synth time', () => {
  const { root, lazy, plain } = lazyImportFunctionsRoot();
  // Asset metadata (as the CDK CLI turns on) names each function's bundle folder in the template.
  const app = new App({
    outdir: path.join(root, 'cdk.out'),
    context: { 'aws:cdk:enable-asset-metadata': true },
  });
  const stack = new Stack(app, 'Bundling');
  const functions = new Functions(stack, 'Functions', {
    domains: { lazy: { handler: lazy }, plain: { handler: plain } },
    queues: [],
    tables: [],
    schedules: [],
    realtime: { handler: lazy, authorizer: plain },
    functionsRoot: root,
    environment: {},
  });
  const assembly = app.synth();
  const assetDir = (fn: unknown): string => {
    const template = assembly.getStackArtifact(stack.artifactId).template as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
    };
    const logicalId = stack.getLogicalId((fn as { node: { defaultChild: never } }).node.defaultChild);
    const asset = template.Resources[logicalId]?.Metadata?.['aws:asset:path'];
    if (!asset) throw new Error(`no asset for ${logicalId}`);
    return path.join(assembly.directory, asset);
  };

  it('puts what a handler imports on first use in a chunk beside index.mjs, and the chunk loads', async () => {
    const dir = assetDir(functions.get(lazy));
    expect(existsSync(path.join(dir, 'index.mjs'))).toBe(true);
    const chunks = readdirSync(path.join(dir, 'chunks')).filter((file) => file.endsWith('.mjs'));
    expect(chunks.length).toBeGreaterThan(0);
    const module = (await import(pathToFileURL(path.join(dir, 'index.mjs')).href)) as {
      handler: () => Promise<string>;
    };
    await expect(module.handler()).resolves.toBe('read on first use');
  });

  it('bundles each handler on its own (assets are not shared between handlers)', async () => {
    const lazyDir = assetDir(functions.get(lazy));
    const plainDir = assetDir(functions.get(plain));
    expect(plainDir).not.toBe(lazyDir);
    expect(existsSync(path.join(plainDir, 'chunks'))).toBe(false);
    const module = (await import(pathToFileURL(path.join(plainDir, 'index.mjs')).href)) as {
      handler: () => Promise<string>;
    };
    await expect(module.handler()).resolves.toBe('plain');
  });
});
