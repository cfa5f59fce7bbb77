import { API_PREFIX, type RouteContract } from '@atende/shared/contracts/types';
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * The routes attackers hammer, each with a per-address ceiling (requests per 5 minutes, WAF's rate window) and
 * the API Gateway method throttle that backs it: sign-in and sign-up (credential stuffing, account
 * enumeration), the public widget and the provider webhooks (floods).
 */
export interface RateLimitedPath {
  id: string;
  /** Which manifest routes it covers (their method throttles). */
  covers: (route: Pick<RouteContract, 'path'>) => boolean;
  /** How WAF recognises the request's URI: the exact route or everything under a prefix. */
  match: { kind: 'exact' | 'prefix'; path: string };
  /** Requests per client address per 5 minutes. */
  limitPer5Minutes: number;
  /** Steady-state requests per second and burst, for the whole API, on each covered method. */
  throttle: { rateLimit: number; burstLimit: number };
}

export const RATE_LIMITED_PATHS: readonly RateLimitedPath[] = [
  {
    id: 'SignIn',
    covers: (route) => route.path === '/auth/token',
    match: { kind: 'exact', path: '/auth/token' },
    limitPer5Minutes: 100,
    throttle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'TrialRegister',
    covers: (route) => route.path === '/trial/register',
    match: { kind: 'exact', path: '/trial/register' },
    limitPer5Minutes: 100,
    throttle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    id: 'Widget',
    covers: (route) => route.path.startsWith('/widget/'),
    match: { kind: 'prefix', path: '/widget/' },
    limitPer5Minutes: 1000,
    throttle: { rateLimit: 200, burstLimit: 400 },
  },
  {
    id: 'Webhooks',
    covers: (route) => route.path.startsWith('/webhooks/'),
    match: { kind: 'prefix', path: '/webhooks/' },
    limitPer5Minutes: 5000,
    throttle: { rateLimit: 500, burstLimit: 1000 },
  },
];

/** AWS managed rule groups every request passes: common exploits, known bad inputs, bad reputation addresses. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesAmazonIpReputationList',
] as const;

export type WebAclScope = 'CLOUDFRONT' | 'REGIONAL';

/**
 * The URI as WAF sees it: CloudFront's viewer path (`/api/auth/token`), or API Gateway's stage path
 * (`/prod/api/auth/token`), so the API prefix is matched as a suffix or a contained segment, never anchored.
 */
function uriStatement(match: RateLimitedPath['match']): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: match.kind === 'exact' ? 'ENDS_WITH' : 'CONTAINS',
      searchString: `${API_PREFIX}${match.path}`,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** A web ACL with the managed groups and the per-address rate rules. */
export class WebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { scope: WebAclScope; name: string }) {
    super(scope, id);
    const managed: wafv2.CfnWebACL.RuleProperty[] = MANAGED_RULE_GROUPS.map((name, index) => ({
      name,
      priority: index,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    }));
    const rated: wafv2.CfnWebACL.RuleProperty[] = RATE_LIMITED_PATHS.map((path, index) => ({
      name: `RateLimit${path.id}`,
      priority: MANAGED_RULE_GROUPS.length + index,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit: path.limitPer5Minutes,
          evaluationWindowSec: 300,
          scopeDownStatement: uriStatement(path.match),
        },
      },
      visibilityConfig: visibility(`RateLimit${path.id}`),
    }));
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      name: props.name,
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      rules: [...managed, ...rated],
    });
  }
}

/**
 * CloudFront only takes a web ACL of scope CLOUDFRONT, and AWS keeps those in us-east-1 whatever the region of
 * the rest: this small stack is deployed there (bin/app.ts) and the main stack reads its ARN through a CDK
 * cross-region reference.
 */
export class EdgeWafStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: StackProps & { namePrefix: string }) {
    super(scope, id, props);
    if (this.region !== 'us-east-1') {
      throw new Error('The CloudFront web ACL stack must be deployed in us-east-1.');
    }
    this.webAcl = new WebAcl(this, 'CloudFrontAcl', {
      scope: 'CLOUDFRONT',
      name: `${props.namePrefix}cloudfront`,
    });
  }
}
