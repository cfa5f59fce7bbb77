import { COMMON_SECURITY_HEADERS, contentSecurityPolicy } from '@atende/shared/security/headers';

/**
 * The app's security headers on the local runtime: its CSP lets the SPA reach its own origin, the WebSocket
 * and the local S3 (presigned uploads and media), as the CloudFront policy does with the AWS endpoints.
 */
export function appSecurityHeaders(endpoints: {
  websocketUrl: string;
  s3Endpoint: string;
}): Record<string, string> {
  const websocket = new URL(endpoints.websocketUrl);
  const s3 = new URL(endpoints.s3Endpoint).origin;
  return {
    ...COMMON_SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy({
      connect: [`${websocket.protocol}//${websocket.host}`, s3],
      media: [s3],
    }),
  };
}
