import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { ENV } from '@atende/shared/infra/env';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synthSample } from './support.ts';

const { template } = synthSample({ stage: 'staging' });

type Resource = { Properties: Record<string, unknown> };

const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
const routeFor = (key: string): Resource | undefined =>
  routes.find((route) => route.Properties.RouteKey === key);

describe('WebSocket API from the websocket contract', () => {
  it('selects routes by the action field', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: WEBSOCKET_API.routeSelectionExpression,
    });
  });

  it('creates every route key, all integrated with the realtime Lambda', () => {
    expect(routes.map((route) => route.Properties.RouteKey).sort()).toEqual(
      [...WEBSOCKET_API.routeKeys].sort(),
    );
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', 1);
    const integration = Object.keys(template.findResources('AWS::ApiGatewayV2::Integration'))[0];
    for (const route of routes) {
      expect(route.Properties.Target).toEqual({
        'Fn::Join': ['', ['integrations/', { Ref: integration }]],
      });
    }
  });

  it('checks the ?token= query parameter with the Lambda authorizer on $connect only', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
    expect(routeFor('$connect')?.Properties.AuthorizationType).toBe('CUSTOM');
    for (const route of routes.filter((candidate) => candidate.Properties.RouteKey !== '$connect')) {
      expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    }
  });

  it('sends the Lambda answer back on two-way routes', () => {
    for (const key of WEBSOCKET_API.twoWayRouteKeys) {
      expect(routeFor(key)?.Properties.RouteResponseSelectionExpression, key).toBe('$default');
    }
    template.resourceCountIs('AWS::ApiGatewayV2::RouteResponse', WEBSOCKET_API.twoWayRouteKeys.length);
  });

  it('deploys automatically to a stage named after the deployment stage, with access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'staging',
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('gives functions the management endpoint and the right to post to connections', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: `${WEBSOCKET_API.handler.module}.${WEBSOCKET_API.handler.export}`,
      Environment: {
        Variables: Match.objectLike({ [ENV.websocketManagementEndpoint]: Match.anyValue() }),
      },
    });
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Action: 'execute-api:ManageConnections' })]),
      },
    });
  });
});
