import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@atende/shared/contracts/types';
import { DEFAULT_HELP_LINKS } from '@atende/shared/domain/constants';
import { WIDGET_SCRIPT_PATH } from '@atende/shared/security/headers';
import { Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { RestApiOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { privateBucketProps } from './data.ts';
import type { EdgeHeaders } from './edge-headers.ts';
import { REPO_ROOT } from './paths.ts';

export interface WebProps {
  restApi: apigw.RestApi;
  /** The CloudFront-scope web ACL (it lives in us-east-1, see waf.ts). */
  webAclArn: string;
  /** Response headers policies of the app, the API and widget.js. */
  headers: EdgeHeaders;
  /** A custom domain and its ACM certificate (us-east-1): what lets CloudFront refuse TLS below 1.2. */
  domain?: { names: string[]; certificate: acm.ICertificate };
  /** wss:// URL written into /config.json, or undefined when the WebSocket API is not built yet. */
  webSocketUrl: string | undefined;
  logsBucket: s3.IBucket;
  /** The SPA build; deployed only when the folder exists at synth time. */
  distPath?: string;
}

/**
 * Sends every extension-less path (a client-side route such as /atende/chat) to index.html. Done in a viewer
 * function on the SPA behaviour rather than with distribution-wide error responses, which would also turn the
 * API's own 403 and 404 answers into index.html.
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The SPA: a private bucket behind CloudFront (OAC), with /api/* forwarded to the REST API. */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly deployment: s3deploy.BucketDeployment | undefined;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', privateBucketProps(props.logsBucket, 'web/'));
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Client-side routes to index.html',
    });
    const webOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Atende web app and API',
      webAclId: props.webAclArn,
      ...(props.domain
        ? {
            domainNames: props.domain.names,
            certificate: props.domain.certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: props.headers.app,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: {
          origin: new RestApiOrigin(props.restApi),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: props.headers.api,
        },
        [WIDGET_SCRIPT_PATH]: {
          origin: webOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: props.headers.widget,
          compress: true,
        },
      },
    });
    NagSuppressions.addResourceSuppressions(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'Customers and channels reach the product from any country.' },
      ...(props.domain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain CloudFront serves its *.cloudfront.net certificate, whose TLS policy ' +
                'it fixes; deploy with -c domainName=... -c certificateArn=... to enforce TLSv1.2_2021.',
            },
          ]),
    ]);

    const distPath = props.distPath ?? path.join(REPO_ROOT, 'web', 'dist');
    this.deployment = existsSync(distPath) ? this.deploy(distPath, props.webSocketUrl) : undefined;
  }

  private deploy(distPath: string, webSocketUrl: string | undefined): s3deploy.BucketDeployment {
    const deployment = new s3deploy.BucketDeployment(this, 'Deployment', {
      destinationBucket: this.bucket,
      sources: [
        s3deploy.Source.asset(distPath),
        s3deploy.Source.jsonData('config.json', {
          apiUrl: API_PREFIX,
          helpLinks: DEFAULT_HELP_LINKS,
          ...(webSocketUrl ? { wsUrl: webSocketUrl } : {}),
        }),
      ],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    const reasons = [
      { id: 'AwsSolutions-L1', reason: 'CDK owns the BucketDeployment handler and its runtime.' },
      {
        id: 'AwsSolutions-IAM4',
        reason: 'The CDK BucketDeployment handler uses AWSLambdaBasicExecutionRole for its own logs.',
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'The CDK BucketDeployment handler copies every object of the web bucket and the asset bucket.',
      },
    ];
    NagSuppressions.addResourceSuppressions(deployment, reasons, true);
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
        NagSuppressions.addResourceSuppressions(child, reasons, true);
      }
    }
    return deployment;
  }
}
