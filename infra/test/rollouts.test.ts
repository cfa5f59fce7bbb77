import path from 'node:path';
import { ENV } from '@atende/shared/infra/env';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';
import { platformRolloutsValue } from '../src/stacks/atende-stack.ts';
import { importClosure } from './imports.ts';
import { SAMPLE_DOMAINS, synthSample } from './support.ts';

type Resource = {
  Properties: { Description?: string; Environment?: { Variables: Record<string, unknown> } };
};

const functionsOf = (props: Parameters<typeof synthSample>[0]) =>
  Object.values(
    synthSample(props).template.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs22.x' },
    }) as Record<string, Resource>,
  );

describe('PLATFORM_ROLLOUTS', () => {
  it('is read by the handlers that decide access (the real account handler reaches company/rollouts.ts)', () => {
    const root = path.join(REPO_ROOT, 'functions', 'src');
    expect(importClosure(root, `${SAMPLE_DOMAINS.account.handler.module}.ts`)).toContain(
      'company/rollouts.ts',
    );
  });

  it('reaches every function from the platformRollouts context, deduplicated', () => {
    const functions = functionsOf({ platformRollouts: ['manager', 'profile-manager', 'manager'] });
    expect(functions.length).toBeGreaterThan(3);
    for (const fn of functions) {
      expect(fn.Properties.Environment?.Variables[ENV.platformRollouts]).toBe('manager,profile-manager');
    }
  });

  it('is left unset when no context gives it (the functions default to no platform flag)', () => {
    for (const fn of functionsOf({})) {
      expect(fn.Properties.Environment?.Variables[ENV.platformRollouts]).toBeUndefined();
    }
  });

  it('stops the synth on an unknown flag', () => {
    expect(() => platformRolloutsValue(['manager', 'manger'])).toThrow(/manger/);
  });
});
