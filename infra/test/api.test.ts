import { ROUTES } from '@atende/shared/contracts/manifest';
import { resourcePath } from '@atende/shared/contracts/match';
import { DOMAINS } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import type { CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { functionsRootWith, SAMPLE_ROUTES, synth, synthSample } from './support.ts';
import { routeGroups, routeStackOf, topSegment } from '../src/api-routes.ts';
import { methodsByRoute } from './template-paths.ts';

const sample = synthSample({ stage: 'staging' });
const methods = methodsByRoute(sample.stack);

const authorizerIds = Object.keys(sample.template.findResources('AWS::ApiGateway::Authorizer'));

describe('REST API from the route manifest', () => {
  it('creates a method on the right resource path for every route', () => {
    for (const route of SAMPLE_ROUTES) {
      expect(methods.has(`${route.method} ${resourcePath(route)}`), route.id).toBe(true);
    }
  });

  it('puts the CUSTOM authorizer on employee and apiKey routes and none on public and webhook routes', () => {
    expect(authorizerIds).toHaveLength(1);
    for (const route of SAMPLE_ROUTES) {
      const method = methods.get(`${route.method} ${resourcePath(route)}`);
      if (route.auth === 'employee' || route.auth === 'apiKey') {
        expect(method?.properties.AuthorizationType, route.id).toBe('CUSTOM');
        expect(method?.authorizerRef, route.id).toBe(authorizerIds[0]);
      } else {
        expect(method?.properties.AuthorizationType, route.id).toBe('NONE');
        expect(method?.properties.AuthorizerId, route.id).toBeUndefined();
      }
      expect(method?.properties.ApiKeyRequired ?? false, route.id).toBe(route.auth === 'apiKey');
    }
  });

  it('proxies each route to its domain Lambda', () => {
    const method = methods.get('GET /api/account/{id}');
    expect(method?.properties.Integration).toMatchObject({
      Type: 'AWS_PROXY',
      IntegrationHttpMethod: 'POST',
    });
  });

  it('runs the authorizer on every request, without caching the decision', () => {
    sample.template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      AuthorizerResultTtlInSeconds: 0,
    });
  });

  it('names no identity source, so a call with only x-api-key still reaches the authorizer', () => {
    const authorizers = Object.values(sample.template.findResources('AWS::ApiGateway::Authorizer'));
    expect(authorizers.length).toBeGreaterThan(0);
    for (const authorizer of authorizers) {
      expect(
        (authorizer as { Properties: Record<string, unknown> }).Properties.IdentitySource,
      ).toBeUndefined();
    }
  });

  it('answers CORS preflight only on the cross-origin routes: the widget and API-key routes', () => {
    for (const route of SAMPLE_ROUTES) {
      const options = methods.get(`OPTIONS ${resourcePath(route)}`);
      if (route.path.startsWith('/widget/') || route.auth === 'apiKey') {
        expect(options?.properties.AuthorizationType, route.id).toBe('NONE');
      } else expect(options, route.id).toBeUndefined();
    }
    expect(methods.has('OPTIONS /api')).toBe(false);
  });

  it("leaves integrators' keys and usage plans to run time (one plan per key), requiring a key on apiKey routes", () => {
    sample.template.resourceCountIs('AWS::ApiGateway::UsagePlan', 0);
    sample.template.resourceCountIs('AWS::ApiGateway::ApiKey', 0);
    sample.template.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'HEADER' });
  });

  it('names the stage after the deployment stage, with access logs and tracing', () => {
    sample.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'staging',
      TracingEnabled: true,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('puts resources and methods in nested stacks, each first-level path wholly in one stack', () => {
    expect(sample.stack.api.routeStacks.length).toBeGreaterThan(1);
    const stackOfSegment = new Map<string, Set<string>>();
    for (const [route, method] of methods) {
      const segment = route.split(' ')[1]?.split('/')[2] ?? '';
      expect(method.stackKey, route).not.toBe('');
      stackOfSegment.set(segment, (stackOfSegment.get(segment) ?? new Set()).add(method.stackKey));
    }
    for (const [segment, stacks] of stackOfSegment) expect(stacks.size, segment).toBe(1);
    for (const route of SAMPLE_ROUTES) {
      expect(routeGroups([route]).groups[routeStackOf(topSegment(route))]).toEqual([route]);
    }
  });

  it('deploys the stage after every route stack, with a new deployment whenever the routes change', () => {
    const deployments = sample.template.findResources('AWS::ApiGateway::Deployment') as Record<
      string,
      { DependsOn: string[] }
    >;
    const [deploymentId, deployment] = Object.entries(deployments)[0] ?? [];
    const routeStacks = sample.stack.api.routeStacks.map((nested) =>
      sample.stack.getLogicalId(nested.nestedStackResource as CfnElement),
    );
    expect(deployment?.DependsOn).toEqual(expect.arrayContaining(routeStacks));
    const fewer = synthSample({ stage: 'staging', routes: SAMPLE_ROUTES.slice(1) });
    const [otherId] = Object.keys(fewer.template.findResources('AWS::ApiGateway::Deployment'));
    expect(otherId).toBeDefined();
    expect(otherId).not.toBe(deploymentId);
  });

  it("builds every route of shared's manifest by default", () => {
    const refs = [
      ...Object.values(DOMAINS).map((domain) => domain.handler),
      WEBSOCKET_API.handler,
      WEBSOCKET_API.authorizer,
    ];
    const { stack } = synth({ functionsRoot: functionsRootWith(refs) });
    const defaults = methodsByRoute(stack);
    expect(ROUTES.length).toBeGreaterThan(0);
    for (const route of ROUTES) {
      const method = defaults.get(`${route.method} ${resourcePath(route)}`);
      expect(method, route.id).toBeDefined();
      expect(method?.properties.AuthorizationType, route.id).toBe(
        route.auth === 'employee' || route.auth === 'apiKey' ? 'CUSTOM' : 'NONE',
      );
    }
  });
});
