import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BuiltChunk } from './login-budget.ts';
import { budgetReport, loginJs } from './login-budget.ts';

/** An app shaped like the real one: the entry, the login page and a signed-in page with its own heavy chunk. */
const bundle: Record<string, BuiltChunk> = {
  'index.js': {
    type: 'chunk',
    fileName: 'index.js',
    isEntry: true,
    facadeModuleId: '/w/index.html',
    imports: ['react.js'],
  },
  'react.js': { type: 'chunk', fileName: 'react.js', imports: [] },
  'login.js': {
    type: 'chunk',
    fileName: 'login.js',
    facadeModuleId: '/w/src/features/auth/components/login-page.tsx',
    imports: ['form.js', 'react.js'],
  },
  'form.js': { type: 'chunk', fileName: 'form.js', imports: [] },
  'chat.js': {
    type: 'chunk',
    fileName: 'chat.js',
    facadeModuleId: '/w/src/features/chat/chat-page.tsx',
    imports: ['zod.js'],
  },
  'zod.js': { type: 'chunk', fileName: 'zod.js', imports: [] },
  'index.css': { type: 'asset', fileName: 'index.css' },
};

/** Random bytes do not compress, so gzip keeps them about their size. */
const noise = (bytes: number) => randomBytes(bytes);

describe('login route JavaScript budget', () => {
  it('counts the entry and the login page with their static imports, never other pages', () => {
    const { files } = loginJs(bundle, () => 'x');
    expect(files.map((file) => file.fileName).sort()).toEqual([
      'form.js',
      'index.js',
      'login.js',
      'react.js',
    ]);
  });

  it('sums each file gzipped as served', () => {
    const { gzip } = loginJs(bundle, (fileName) =>
      fileName === 'form.js' ? noise(20_000) : 'a'.repeat(20_000),
    );
    expect(gzip).toBeGreaterThan(20_000);
    expect(gzip).toBeLessThan(21_000);
  });

  it('fails the build over budget and names the largest files', () => {
    const js = loginJs(bundle, (fileName) => noise(fileName === 'login.js' ? 6_000 : 2_000));
    const over = budgetReport(js, 10_000);
    expect(over.over).toBe(true);
    expect(over.message).toMatch(/over budget/);
    expect(over.message.split('\n')[1]).toMatch(/login\.js$/);
    expect(budgetReport(js, 20_000)).toEqual({ over: false, message: expect.stringMatching(/in 4 files/) });
  });
});
