import { ENV } from '@atende/shared/infra/env';
import type { Stack } from 'aws-cdk-lib';
import { App, Aspects } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { buildStacks } from '../src/app.ts';
import { MANAGED_RULE_GROUPS } from '../src/waf.ts';
import {
  functionsRootWith,
  SAMPLE_CLOUDFRONT_WEB_ACL_ARN,
  SAMPLE_DOMAINS,
  SAMPLE_QUEUES,
  SAMPLE_REFS,
  SAMPLE_ROUTES,
  SAMPLE_SCHEDULES,
  SAMPLE_WORKER_QUEUES,
  synthSample,
} from './support.ts';

const { template } = synthSample({
  domain: {
    names: ['app.atende.example'],
    certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abcd',
  },
});

type Behaviour = { PathPattern?: string; ResponseHeadersPolicyId?: unknown; TargetOriginId?: string };
const config = (
  Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
    Properties: {
      DistributionConfig: {
        WebACLId: unknown;
        ViewerCertificate: Record<string, unknown>;
        DefaultCacheBehavior: Behaviour;
        CacheBehaviors: Behaviour[];
      };
    };
  }
).Properties.DistributionConfig;

const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
const policyOf = (behaviour: Behaviour | undefined) => {
  const ref = behaviour?.ResponseHeadersPolicyId as { Ref: string } | undefined;
  return (
    policies[ref?.Ref ?? ''] as { Properties: { ResponseHeadersPolicyConfig: Record<string, unknown> } }
  )?.Properties.ResponseHeadersPolicyConfig;
};

describe('CloudFront security headers, web ACL and TLS', () => {
  it('sends the CSP, HSTS, nosniff, Referrer-Policy and Permissions-Policy with the app', () => {
    const app = policyOf(config.DefaultCacheBehavior) as {
      SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      CustomHeadersConfig: { Items: Array<{ Header: string; Value: string }> };
    };
    const csp = JSON.stringify(app.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('connect-src');
    expect(csp).toContain('wss://');
    expect(csp).toContain('RegionalDomainName');
    expect(app.SecurityHeadersConfig.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
    });
    expect(app.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
    expect(app.SecurityHeadersConfig.ReferrerPolicy).toMatchObject({
      ReferrerPolicy: 'strict-origin-when-cross-origin',
    });
    expect(app.CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({ Header: 'Permissions-Policy' }),
    );
  });

  it('sends the API its own strict headers and leaves its CORS to the routes', () => {
    const api = policyOf(config.CacheBehaviors.find((behaviour) => behaviour.PathPattern === '/api/*'));
    expect(JSON.stringify(api)).toContain("default-src 'none'; frame-ancestors 'none'");
    expect(api?.CorsConfig).toBeUndefined();
  });

  it('opens widget.js to every site (CORS and CORP) from the web bucket', () => {
    const behaviour = config.CacheBehaviors.find((candidate) => candidate.PathPattern === '/widget.js');
    expect(behaviour?.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
    const widget = policyOf(behaviour) as {
      CorsConfig: { AccessControlAllowOrigins: { Items: string[] } };
      CustomHeadersConfig: { Items: Array<{ Header: string; Value: string }> };
    };
    expect(widget.CorsConfig.AccessControlAllowOrigins.Items).toEqual(['*']);
    expect(widget.CustomHeadersConfig.Items).toContainEqual(
      expect.objectContaining({ Header: 'Cross-Origin-Resource-Policy', Value: 'cross-origin' }),
    );
  });

  it('attaches the CloudFront web ACL and refuses TLS below 1.2 on the custom domain', () => {
    expect(config.WebACLId).toBe(SAMPLE_CLOUDFRONT_WEB_ACL_ARN);
    expect(config.ViewerCertificate).toMatchObject({
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
  });

  it("answers CORS for the custom domain only, telling the functions the app's origin", () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ [ENV.appOrigins]: 'https://app.atende.example' }) },
    });
  });
});

describe('WAF and throttles on the REST API', () => {
  const acls = template.findResources('AWS::WAFv2::WebACL');
  const regional = Object.entries(acls).find(([, acl]) => acl.Properties.Scope === 'REGIONAL');

  it('puts a regional web ACL with the managed groups and per-address rate rules on the stage', () => {
    expect(regional).toBeDefined();
    const rules = regional?.[1].Properties.Rules as Array<{
      Name: string;
      Statement: Record<string, { Name?: string; Limit?: number; ScopeDownStatement?: unknown }>;
    }>;
    for (const name of MANAGED_RULE_GROUPS) {
      expect(rules).toContainEqual(
        expect.objectContaining({
          Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
        }),
      );
    }
    const rated = rules.filter((rule) => rule.Statement.RateBasedStatement);
    const paths = rated.map((rule) => JSON.stringify(rule.Statement.RateBasedStatement?.ScopeDownStatement));
    for (const path of ['/api/auth/token', '/api/trial/register', '/api/widget/', '/api/webhooks/']) {
      expect(paths.some((statement) => statement.includes(`"SearchString":"${path}"`))).toBe(true);
    }
    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      WebACLArn: { 'Fn::GetAtt': [regional?.[0], 'Arn'] },
      ResourceArn: Match.anyValue(),
    });
  });

  it('throttles sign-in, the widget and webhook methods on the stage', () => {
    const stage = Object.values(template.findResources('AWS::ApiGateway::Stage'))[0] as {
      Properties: { MethodSettings: Array<Record<string, unknown>> };
    };
    const settings = stage.Properties.MethodSettings;
    for (const [path, method] of [
      ['/~1api~1auth~1token', 'POST'],
      ['/~1api~1widget~1{widgetId}~1sessions', 'POST'],
      ['/~1api~1webhooks~1telegram~1{channelId}', 'POST'],
    ]) {
      expect(settings).toContainEqual(
        expect.objectContaining({
          ResourcePath: path,
          HttpMethod: method,
          ThrottlingRateLimit: expect.any(Number) as unknown,
        }),
      );
    }
    expect(settings.some((setting) => String(setting.ResourcePath).includes('account'))).toBe(false);
  });
});

describe('the deployable app', () => {
  const props = {
    stage: 'test',
    routes: SAMPLE_ROUTES,
    domains: SAMPLE_DOMAINS,
    queues: SAMPLE_QUEUES,
    workerQueues: SAMPLE_WORKER_QUEUES,
    schedules: SAMPLE_SCHEDULES,
    functionsRoot: functionsRootWith(
      SAMPLE_REFS,
      SAMPLE_WORKER_QUEUES.map((queue) => queue.worker.module),
    ),
  };
  const build = (region: string) => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stacks = buildStacks(app, { ...props, region });
    Aspects.of(app).add(new AwsSolutionsChecks());
    return stacks;
  };
  const nagErrors = (stack: Stack) =>
    Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));

  it('keeps the CloudFront web ACL in a us-east-1 stack when the product lives elsewhere', () => {
    const { main, edge } = build('sa-east-1');
    expect(edge?.region).toBe('us-east-1');
    expect(main.region).toBe('sa-east-1');
    const edgeTemplate = Template.fromStack(edge as Stack);
    edgeTemplate.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    const mainTemplate = Template.fromStack(main);
    const distribution = JSON.stringify(mainTemplate.findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toContain('WebACLId');
    expect(
      Object.values(mainTemplate.findResources('AWS::WAFv2::WebACL')).map((acl) => acl.Properties.Scope),
    ).toEqual(['REGIONAL']);
    expect(nagErrors(edge as Stack)).toEqual([]);
  });

  it('makes both web ACLs in the one stack in us-east-1', () => {
    const { main, edge } = build('us-east-1');
    expect(edge).toBeUndefined();
    const scopes = Object.values(Template.fromStack(main).findResources('AWS::WAFv2::WebACL')).map(
      (acl) => acl.Properties.Scope as string,
    );
    expect(scopes.sort()).toEqual(['CLOUDFRONT', 'REGIONAL']);
    expect(nagErrors(main)).toEqual([]);
  });
});
