import { ENV } from '@atende/shared/infra/env';
import { handlerRef } from '@atende/shared/infra/handlers';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  functionsRootWith,
  SAMPLE_DOMAINS,
  SAMPLE_QUEUES,
  SAMPLE_REFS,
  SAMPLE_ROUTES,
  SAMPLE_SCHEDULES,
  synth,
  webDistFixture,
} from './support.ts';
import { resourceCounts } from './template-paths.ts';

const API_KEYS = handlerRef('api-keys/handler');

function synthWith(apiKeys: boolean) {
  return synth({
    routes: SAMPLE_ROUTES,
    domains: apiKeys ? { ...SAMPLE_DOMAINS, apiKeys: { handler: API_KEYS } } : SAMPLE_DOMAINS,
    queues: SAMPLE_QUEUES,
    schedules: SAMPLE_SCHEDULES,
    stage: 'prod',
    functionsRoot: functionsRootWith(apiKeys ? [...SAMPLE_REFS, API_KEYS] : SAMPLE_REFS, []),
    webDistPath: webDistFixture(),
  });
}

const withKeys = synthWith(true);

describe('per-key usage plans', () => {
  it("hands the API-keys Lambda the REST API's id and the stage name", () => {
    withKeys.template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'api-keys/handler.handler',
      Environment: {
        Variables: Match.objectLike({
          [ENV.restApiId]: { Ref: Match.stringLikeRegexp('^Api') },
          [ENV.restApiStage]: 'prod',
        }),
      },
    });
  });

  it('lets it create, unbind and delete API keys and usage plans, and no other function', () => {
    const policies = withKeys.template.findResources('AWS::IAM::Policy');
    const granted = Object.entries(policies).filter(([, policy]) =>
      JSON.stringify(policy).includes('apigateway:POST'),
    );
    expect(granted).toHaveLength(1);
    const [id, policy] = granted[0] ?? [];
    expect(id).toMatch(/apikeyshandler/i);
    const text = JSON.stringify(policy);
    for (const path of ['/apikeys', '/usageplans', '/usageplans/*/keys', '/apikeys/*', '/usageplans/*']) {
      expect(text).toContain(`::${path}"`);
    }
    expect(text).toContain('apigateway:DELETE');
    expect(text).toContain('apigateway:PATCH');
    expect(text).not.toContain('"apigateway:*"');
  });

  it('adds no resource to the parent stack (the grants join the role policy it already has)', () => {
    const parent = (stack: ReturnType<typeof synthWith>) => resourceCounts(stack.stack).get('') ?? 0;
    const baseline = synthWith(false);
    // The Lambda itself (function, role, its policy) is the only difference from a stack without it; its log
    // group lives in the log groups' nested stack.
    const lambdaResources = 3;
    expect(parent(withKeys) - parent(baseline)).toBe(lambdaResources);
  });
});
