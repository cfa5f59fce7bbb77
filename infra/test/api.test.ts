import { ROUTES } from '@atende/shared/contracts/manifest';
import { resourcePath } from '@atende/shared/contracts/match';
import { DOMAINS } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { functionsRootWith, SAMPLE_ROUTES, synth, synthSample } from './support.ts';
import { methodsByRoute } from './template-paths.ts';

const sample = synthSample({ stage: 'staging' });
const methods = methodsByRoute(sample.template);

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
        expect(method?.AuthorizationType, route.id).toBe('CUSTOM');
        expect(method?.AuthorizerId, route.id).toEqual({ Ref: authorizerIds[0] });
      } else {
        expect(method?.AuthorizationType, route.id).toBe('NONE');
        expect(method?.AuthorizerId, route.id).toBeUndefined();
      }
      expect(method?.ApiKeyRequired ?? false, route.id).toBe(route.auth === 'apiKey');
    }
  });

  it('proxies each route to its domain Lambda', () => {
    const method = methods.get('GET /api/account/{id}');
    expect(method?.Integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' });
  });

  it('checks the Authorization header on every request, without caching the decision', () => {
    sample.template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 0,
    });
  });

  it('answers CORS preflight only on the widget routes embedded on other sites', () => {
    for (const route of SAMPLE_ROUTES) {
      const options = methods.get(`OPTIONS ${resourcePath(route)}`);
      if (route.path.startsWith('/widget/')) expect(options?.AuthorizationType, route.id).toBe('NONE');
      else expect(options, route.id).toBeUndefined();
    }
    expect(methods.has('OPTIONS /api')).toBe(false);
  });

  it('throttles integrators with a usage plan bound to the stage and an API key', () => {
    sample.template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      Throttle: { RateLimit: 50, BurstLimit: 100 },
      ApiStages: [Match.objectLike({ Stage: Match.anyValue() })],
    });
    sample.template.resourceCountIs('AWS::ApiGateway::ApiKey', 1);
    sample.template.resourceCountIs('AWS::ApiGateway::UsagePlanKey', 1);
  });

  it('names the stage after the deployment stage, with access logs and tracing', () => {
    sample.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'staging',
      TracingEnabled: true,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it("builds every route of shared's manifest by default", () => {
    const refs = [
      ...Object.values(DOMAINS).map((domain) => domain.handler),
      WEBSOCKET_API.handler,
      WEBSOCKET_API.authorizer,
    ];
    const { template } = synth({ functionsRoot: functionsRootWith(refs) });
    const defaults = methodsByRoute(template);
    expect(ROUTES.length).toBeGreaterThan(0);
    for (const route of ROUTES) {
      const method = defaults.get(`${route.method} ${resourcePath(route)}`);
      expect(method, route.id).toBeDefined();
      expect(method?.AuthorizationType, route.id).toBe(
        route.auth === 'employee' || route.auth === 'apiKey' ? 'CUSTOM' : 'NONE',
      );
    }
  });
});
