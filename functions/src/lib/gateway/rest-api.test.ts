import { defineRoute } from '@atende/shared/contracts/types';
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createRestApi, policyAllows, type RestRequest, responseDrift } from './rest-api.ts';

const getThing = defineRoute({
  id: 'test.getThing',
  method: 'GET',
  path: '/things/{id}',
  domain: 'tags',
  auth: 'employee',
  response: z.object({ id: z.string(), count: z.number() }),
});

const json = (statusCode: number, body: unknown) => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});

const allow = (resource: string, effect: 'Allow' | 'Deny' = 'Allow'): APIGatewayAuthorizerResult => ({
  principalId: 'emp',
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  },
  context: { companyId: 'c1', role: 'admin' },
});

const request = (authorization?: string): RestRequest => ({
  route: getThing,
  resource: '/api/things/{id}',
  path: '/api/things/abc',
  pathParameters: { id: 'abc' },
  headers: authorization ? { Authorization: authorization } : ({} as Record<string, string>),
  query: { page: ['1', '2'] },
  body: null,
  sourceIp: '203.0.113.9',
});

describe('the API Gateway emulator', () => {
  it('names the fields of a 2xx answer that drifted from the contract, and ignores errors and matches', () => {
    expect(responseDrift(getThing, json(200, { id: 'a', count: 'two' }))).toMatch(/test\.getThing.*count/);
    expect(responseDrift(getThing, json(200, { id: 'a', count: 2 }))).toBeUndefined();
    expect(responseDrift(getThing, json(404, { message: 'x' }))).toBeUndefined();
  });

  it('builds a REST proxy event with the authorizer context, and reports drift with the answer', async () => {
    const api = createRestApi({
      stage: 'prod',
      apiId: 'api1',
      authorizer: async () => async (event) => {
        expect(event.methodArn).toBe(
          'arn:aws:execute-api:us-east-1:000000000000:api1/prod/GET/api/things/{id}',
        );
        return allow('arn:aws:execute-api:us-east-1:000000000000:api1/prod/*');
      },
    });
    const outcome = await api.invoke(request('Bearer t'), async () => async (event, context) => {
      expect(event.requestContext.authorizer).toMatchObject({ companyId: 'c1', principalId: 'emp' });
      expect(event.queryStringParameters).toEqual({ page: '2' });
      expect(event.multiValueQueryStringParameters).toEqual({ page: ['1', '2'] });
      expect(event.requestContext.identity.sourceIp).toBe('203.0.113.9');
      expect(context.functionName).toBe('atende-tags');
      return json(200, { id: 'abc' });
    });
    expect(outcome.kind === 'handler' && outcome.drift).toMatch(/count/);
  });

  it('answers as API Gateway does when the authorizer throws or its policy does not cover the call', async () => {
    const never = async () => async () => json(200, { id: 'a', count: 1 });
    const refusing = createRestApi({
      stage: 'p',
      apiId: 'a',
      authorizer: async () => async () => {
        throw new Error('Unauthorized');
      },
    });
    expect(await refusing.invoke(request(), never)).toEqual({
      kind: 'gateway',
      statusCode: 401,
      message: 'Unauthorized',
    });
    const elsewhere = createRestApi({
      stage: 'p',
      apiId: 'a',
      authorizer: async () => async () => allow('arn:other'),
    });
    expect((await elsewhere.invoke(request('Bearer t'), never)).kind).toBe('gateway');
    expect(policyAllows(allow('*', 'Deny'), 'arn:x')).toBe(false);
  });
});
