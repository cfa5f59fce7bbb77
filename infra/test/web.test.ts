import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@atende/shared/contracts/types';
import type { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synthSample } from './support.ts';
import { DEFAULT_HELP_LINKS } from '@atende/shared/domain/constants';

const { template, stack } = synthSample();

/** Managed policy ids CloudFront publishes (CDK's CachePolicy/OriginRequestPolicy constants). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type DistributionConfig = {
  Origins: { Id: string; S3OriginConfig?: unknown; OriginAccessControlId?: unknown; OriginPath?: unknown }[];
  DefaultCacheBehavior: Record<string, unknown>;
  CacheBehaviors: Record<string, unknown>[];
};

const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
  Properties: { DistributionConfig: DistributionConfig };
};
const config = distribution.Properties.DistributionConfig;

describe('CloudFront in front of the SPA and the API', () => {
  it('reads the private web bucket through Origin Access Control', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origin = config.Origins.find((origin) => origin.S3OriginConfig !== undefined);
    expect(s3Origin?.OriginAccessControlId).toEqual({
      'Fn::GetAtt': [expect.stringMatching(/OriginAccessControl/) as unknown, 'Id'],
    });
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(s3Origin?.Id);
  });

  it('forwards /api/* to the REST API stage with caching disabled, every method and all headers but Host', () => {
    const api = config.CacheBehaviors.find((behaviour) => behaviour.PathPattern === `${API_PREFIX}/*`);
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    const apiOrigin = config.Origins.find((origin) => origin.Id === api?.TargetOriginId);
    const restStage = Object.keys(template.findResources('AWS::ApiGateway::Stage'))[0] as string;
    expect(JSON.stringify(apiOrigin?.OriginPath)).toContain(`{"Ref":"${restStage}"}`);
  });

  it('redirects HTTP to HTTPS and serves index.html at the root and for client-side routes', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        Logging: Match.objectLike({ Bucket: Match.anyValue() }),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
  });

  it('never rewrites API error answers into the SPA', () => {
    expect(config).not.toHaveProperty('CustomErrorResponses');
  });

  it('deploys the web build with a generated /config.json naming the API and WebSocket URLs and the help links', () => {
    expect(stack.web.deployment).toBeDefined();
    const deployment = Object.values(template.findResources('Custom::CDKBucketDeployment'))[0] as {
      Properties: { SourceMarkers: unknown[]; DistributionPaths: string[] };
    };
    expect(deployment.Properties.DistributionPaths).toEqual(['/*']);
    const webSocketApi = Object.keys(template.findResources('AWS::ApiGatewayV2::Api'))[0] as string;
    expect(JSON.stringify(deployment.Properties.SourceMarkers)).toContain(`{"Ref":"${webSocketApi}"}`);
    const assembly = (stack.node.root as App).synth();
    const configFiles = readdirSync(assembly.directory)
      .map((entry) => path.join(assembly.directory, entry, 'config.json'))
      .filter((file) => existsSync(file));
    expect(configFiles).toHaveLength(1);
    const runtimeConfig = JSON.parse(readFileSync(configFiles[0] as string, 'utf8')) as Record<
      string,
      string
    >;
    expect(runtimeConfig.apiUrl).toBe(API_PREFIX);
    expect(runtimeConfig.helpLinks).toEqual(DEFAULT_HELP_LINKS);
    expect(runtimeConfig.wsUrl).toMatch(/^wss:\/\/<<marker:0xbaba:0>>\.execute-api\..+\/test$/);
  });

  it('skips the deployment when there is no web build', () => {
    const { stack: withoutBuild, template: withoutTemplate } = synthSample({
      webDistPath: '/nonexistent/web/dist',
    });
    expect(withoutBuild.web.deployment).toBeUndefined();
    withoutTemplate.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});
