import {
  API_CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
} from '@atende/shared/security/headers';
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';

export interface EdgeHeadersProps {
  /** wss:// URL of the WebSocket API, when built. */
  webSocketUrl: string | undefined;
  /** Regional domain names of the buckets the browser reads and uploads to with presigned URLs. */
  mediaBucketDomain: string;
  exportsBucketDomain: string;
}

const securityHeaders = (csp: string): cloudfront.ResponseSecurityHeadersBehavior => ({
  contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
  strictTransportSecurity: {
    accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
    includeSubdomains: true,
    override: true,
  },
  contentTypeOptions: { override: true },
  referrerPolicy: {
    referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
    override: true,
  },
  frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
});

const permissionsPolicy: cloudfront.ResponseCustomHeadersBehavior = {
  customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
};

/**
 * CloudFront's response headers policies, from the same definitions the local runtime serves
 * (shared/src/security/headers.ts): the SPA's CSP and security headers, the API's (JSON, never framed), and
 * widget.js', which customers' sites load from anywhere.
 */
export class EdgeHeaders extends Construct {
  readonly app: cloudfront.ResponseHeadersPolicy;
  readonly api: cloudfront.ResponseHeadersPolicy;
  readonly widget: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: EdgeHeadersProps) {
    super(scope, id);
    const buckets = [`https://${props.mediaBucketDomain}`, `https://${props.exportsBucketDomain}`];
    const csp = contentSecurityPolicy({
      connect: [...(props.webSocketUrl ? [props.webSocketUrl] : []), ...buckets],
      media: [`https://${props.mediaBucketDomain}`],
    });
    this.app = new cloudfront.ResponseHeadersPolicy(this, 'App', {
      comment: 'Atende SPA: CSP, HSTS, nosniff, Referrer-Policy, Permissions-Policy',
      securityHeadersBehavior: securityHeaders(csp),
      customHeadersBehavior: permissionsPolicy,
    });
    this.api = new cloudfront.ResponseHeadersPolicy(this, 'Api', {
      comment: 'Atende API: JSON answers, never a document nor framed',
      securityHeadersBehavior: securityHeaders(API_CONTENT_SECURITY_POLICY),
      customHeadersBehavior: permissionsPolicy,
    });
    this.widget = new cloudfront.ResponseHeadersPolicy(this, 'Widget', {
      comment: 'widget.js: loaded by customer sites from any origin',
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
      },
      corsBehavior: {
        accessControlAllowCredentials: false,
        accessControlAllowHeaders: ['*'],
        accessControlAllowMethods: ['GET', 'HEAD'],
        accessControlAllowOrigins: ['*'],
        originOverride: true,
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cross-Origin-Resource-Policy', value: 'cross-origin', override: true }],
      },
    });
  }
}
