import { ROUTES } from '@atende/shared/contracts/manifest';
import { API_PREFIX, type AuthKind, type RouteContract } from '@atende/shared/contracts/types';
import { isCrossOriginRoute } from '@atende/shared/security/cors';
import { Annotations, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { ApiRoutes, routeGroups } from './api-routes.ts';
import { RATE_LIMITED_PATHS, WebAcl } from './waf.ts';

export interface ApiProps {
  routes?: readonly RouteContract[];
  stageName: string;
  /** The Lambda of a domain, or undefined when its handler module does not exist yet. */
  domainFunction: (domain: string) => lambda.IFunction | undefined;
  authorizer: lambda.IFunction | undefined;
  /** Prefix of physical names (the web ACL's). */
  namePrefix?: string;
}

/** Per-method throttles of the routes WAF rate-limits too (sign-in, sign-up, widget, webhooks). */
function methodThrottles(routes: readonly RouteContract[]): Record<string, apigw.MethodDeploymentOptions> {
  const options: Record<string, apigw.MethodDeploymentOptions> = {};
  for (const route of routes) {
    const limited = RATE_LIMITED_PATHS.find((path) => path.covers(route));
    if (!limited) continue;
    options[`${API_PREFIX}${route.path}/${route.method}`] = {
      throttlingRateLimit: limited.throttle.rateLimit,
      throttlingBurstLimit: limited.throttle.burstLimit,
    };
  }
  return options;
}

const STAGE_THROTTLE = { throttlingRateLimit: 1000, throttlingBurstLimit: 2000 };

const COGNITO_REASON =
  'Tokens are our own HS256 JWTs checked by the Lambda REQUEST authorizer (functions/src/auth/authorizer.ts).';

/**
 * The REST API built from shared's route manifest: one resource per path under /api, one method per route,
 * each domain's routes proxied to that domain's Lambda. The API, its stage and authorizer live here; the
 * resources and methods, about half of all the resources of the product, live in the ApiRoutes nested stacks
 * so no stack comes near CloudFormation's 500-resource limit.
 */
export class Api extends Construct {
  readonly restApi: apigw.RestApi;
  readonly routeStacks: ApiRoutes[];
  private requestAuthorizer: apigw.RequestAuthorizer | undefined;
  private readonly integrations = new Map<string, apigw.LambdaIntegration>();
  private readonly preflighted = new Set<string>();
  private readonly cors: apigw.CorsOptions;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: ApiProps,
  ) {
    super(scope, id);
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.restApi = new apigw.RestApi(this, 'Api', {
      description: 'Atende REST API (routes from shared/src/contracts/manifest.ts)',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.DESTROY,
      apiKeySourceType: apigw.ApiKeySourceType.HEADER,
      deployOptions: {
        stageName: props.stageName,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
        ...STAGE_THROTTLE,
        methodOptions: methodThrottles(props.routes ?? ROUTES),
      },
    });
    // The regional web ACL in front of the stage: integrators and providers call it directly, not via CloudFront.
    const waf = new WebAcl(this, 'Waf', { scope: 'REGIONAL', name: `${props.namePrefix ?? 'atende-'}api` });
    new wafv2.CfnWebACLAssociation(this, 'WafAssociation', {
      resourceArn: this.restApi.deploymentStage.stageArn,
      webAclArn: waf.acl.attrArn,
    });
    NagSuppressions.addResourceSuppressions(
      this.restApi,
      [
        {
          id: 'AwsSolutions-APIG2',
          reason: "Each handler validates params, query and body with the route's zod schemas from shared.",
        },
        {
          id: 'AwsSolutions-IAM4',
          reason: "API Gateway's account role needs AmazonAPIGatewayPushToCloudWatchLogs to write logs.",
          appliesTo: [
            'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
          ],
        },
      ],
      true,
    );

    // The SPA reaches /api through CloudFront on its own origin, so only cross-origin routes (the site widget,
    // embedded on customers' sites, and API-key routes) get CORS preflights: one OPTIONS method per API
    // resource would also push the stack past CloudFormation's 500-resource limit.
    this.cors = {
      allowOrigins: apigw.Cors.ALL_ORIGINS,
      allowMethods: apigw.Cors.ALL_METHODS,
      allowHeaders: [...apigw.Cors.DEFAULT_HEADERS],
      maxAge: Duration.hours(1),
    };
    let prefix: apigw.IResource = this.restApi.root;
    for (const part of API_PREFIX.split('/').filter((segment) => segment.length > 0)) {
      prefix = prefix.addResource(part);
    }
    const { atPrefix, groups } = routeGroups(props.routes ?? ROUTES);
    for (const route of atPrefix) this.addRoute(route, prefix);
    // An empty template is invalid, so a group without routes gets no stack; ids keep the group's index.
    this.routeStacks = groups.flatMap((routes, index) =>
      routes.length === 0
        ? []
        : [
            new ApiRoutes(this, `Routes${index}`, {
              prefix,
              routes,
              addRoute: (route, resource) => this.addRoute(route, resource),
            }),
          ],
    );
    this.suppressPreflight();
    // Integrators' keys and their usage plans are made at run time, one plan per key (key-usage-plans.ts).
  }

  /** Adds a route's method on `base` (the /api resource, or the resource of its first path segment). */
  private addRoute(route: RouteContract, base: apigw.IResource): void {
    const fn = this.props.domainFunction(route.domain);
    if (!fn) {
      Annotations.of(this).addWarningV2(
        '@atende/infra:route-without-handler',
        `Route ${route.id} is not created until the ${route.domain} handler module exists.`,
      );
      return;
    }
    const relative = route.path.split('/').slice(2).join('/');
    const resource = route.path === '/' || relative === '' ? base : base.resourceForPath(relative);
    if (isCrossOriginRoute(route) && !this.preflighted.has(resource.path)) {
      this.preflighted.add(resource.path);
      resource.addCorsPreflight(this.cors);
    }
    const method = resource.addMethod(
      route.method,
      this.integration(route.domain, fn),
      this.methodOptions(route.auth),
    );
    if (route.auth === 'public' || route.auth === 'webhook') {
      NagSuppressions.addResourceSuppressions(method, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            route.auth === 'public'
              ? `${route.id} is public by the manifest (sign-up, sign-in, health).`
              : `${route.id} is a provider webhook; the handler verifies the provider signature.`,
        },
        { id: 'AwsSolutions-COG4', reason: COGNITO_REASON },
      ]);
    } else {
      NagSuppressions.addResourceSuppressions(method, [{ id: 'AwsSolutions-COG4', reason: COGNITO_REASON }]);
    }
  }

  private methodOptions(auth: AuthKind): apigw.MethodOptions {
    switch (auth) {
      case 'employee':
        return { authorizationType: apigw.AuthorizationType.CUSTOM, authorizer: this.authorizer() };
      case 'apiKey':
        return {
          authorizationType: apigw.AuthorizationType.CUSTOM,
          authorizer: this.authorizer(),
          apiKeyRequired: true,
        };
      case 'public':
      case 'webhook':
        return { authorizationType: apigw.AuthorizationType.NONE };
    }
  }

  /** One integration per domain Lambda, with a single API-wide invoke permission instead of one per method. */
  private integration(domain: string, fn: lambda.IFunction): apigw.LambdaIntegration {
    const existing = this.integrations.get(domain);
    if (existing) return existing;
    const integration = new apigw.LambdaIntegration(fn, { proxy: true, scopePermissionToMethod: false });
    this.integrations.set(domain, integration);
    return integration;
  }

  /** Created on first use: an authorizer attached to no method fails synthesis. */
  private authorizer(): apigw.RequestAuthorizer {
    if (this.requestAuthorizer) return this.requestAuthorizer;
    if (!this.props.authorizer)
      throw new Error('Routes need the authorizer but auth/authorizer.ts is missing.');
    this.requestAuthorizer = new apigw.RequestAuthorizer(this, 'TokenAuthorizer', {
      handler: this.props.authorizer,
      identitySources: [apigw.IdentitySource.header('Authorization')],
      // Not cached, so a revoked session or a disabled employee is refused on the very next request.
      resultsCacheTtl: Duration.seconds(0),
    });
    // An integrator's call carries `x-api-key` and no Authorization header. With an identity source API Gateway
    // would answer such a call 401 itself; uncached REQUEST authorizers may go without one, so every request
    // reaches the authorizer, which reads whichever credential came (CDK insists on a source, hence the override).
    (this.requestAuthorizer.node.defaultChild as apigw.CfnAuthorizer).addPropertyDeletionOverride(
      'IdentitySource',
    );
    return this.requestAuthorizer;
  }

  /** The route stacks are children of this construct, so their preflight methods are found here too. */
  private suppressPreflight(): void {
    for (const child of this.node.findAll()) {
      if (child instanceof apigw.Method && child.httpMethod === 'OPTIONS') {
        NagSuppressions.addResourceSuppressions(child, [
          { id: 'AwsSolutions-APIG4', reason: 'CORS preflight: browsers send OPTIONS without credentials.' },
          { id: 'AwsSolutions-COG4', reason: 'CORS preflight: browsers send OPTIONS without credentials.' },
        ]);
      }
    }
  }
}
