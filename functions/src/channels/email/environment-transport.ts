import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ENV } from '@atende/shared/infra/env';
import { type EmailTransport, sesTransport, smtpTransport } from './transport.ts';

/**
 * The e-mail transport of this environment: the SMTP URL in PROVIDER_BASE_URLS.smtp (the local sandbox's
 * sink), else SES in the function's region.
 */
function environmentTransport(): EmailTransport {
  const raw = process.env[ENV.providerBaseUrls];
  const smtp = raw ? (JSON.parse(raw) as Record<string, unknown>).smtp : undefined;
  if (typeof smtp === 'string') {
    const url = new URL(smtp);
    return smtpTransport({ host: url.hostname, port: Number(url.port || 25) });
  }
  const region = process.env.AWS_REGION ?? 'us-east-1';
  return sesTransport(new SESv2Client({ region }), { region });
}

let override: EmailTransport | undefined;

/** Tests replace the transport (a recording one); no argument restores the environment's. */
export function setEmailTransport(transport?: EmailTransport): void {
  override = transport;
}

/** The transport of this environment (or a test's), also carrying the product's own mails to people. */
export const emailTransport = (): EmailTransport => override ?? environmentTransport();
