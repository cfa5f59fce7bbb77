import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ENV } from '@atende/shared/infra/env';
import { type EmailTransport, sesTransport } from './transport.ts';

type SmtpFactory = (url: URL) => EmailTransport;
let smtpFactory: SmtpFactory | undefined;

/**
 * The local runtime plugs in its SMTP transport (channels/email/smtp-transport.ts). Lambdas send through SES
 * only, so nodemailer's SMTP client stays out of their bundles.
 */
export function provideSmtpTransport(factory: SmtpFactory): void {
  smtpFactory = factory;
}

/**
 * The e-mail transport of this environment: the SMTP URL in PROVIDER_BASE_URLS.smtp (the local sandbox's
 * sink), else SES in the function's region.
 */
function environmentTransport(): EmailTransport {
  const raw = process.env[ENV.providerBaseUrls];
  const smtp = raw ? (JSON.parse(raw) as Record<string, unknown>).smtp : undefined;
  if (typeof smtp === 'string') {
    if (!smtpFactory) throw new Error('PROVIDER_BASE_URLS.smtp is set but no SMTP transport was provided');
    return smtpFactory(new URL(smtp));
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
