import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { createTransport } from 'nodemailer';
import { ChannelSendError } from '../adapter.ts';
import type { ComposedEmail } from './outbound.ts';

/** Delivers a composed MIME message; answers the Message-ID the recipient will see (and reply to). */
export interface EmailTransport {
  send(email: ComposedEmail): Promise<{ messageId: string }>;
}

const RATE_LIMITED = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException']);
const ACCOUNT_PROBLEMS = new Set([
  'AccountSuspendedException',
  'SendingPausedException',
  'MailFromDomainNotVerifiedException',
  'NotFoundException',
  'AccessDeniedException',
]);

interface AwsErrorShape {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

/** SES API errors by exception name (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html). */
export function sesError(error: unknown): ChannelSendError {
  const { name = 'Error', message = String(error), $metadata } = (error ?? {}) as AwsErrorShape;
  const status = $metadata?.httpStatusCode;
  const base = { message, providerCode: name };
  if (RATE_LIMITED.has(name)) {
    return new ChannelSendError({ ...base, code: 'rate_limited', retryable: true, retryAfterSeconds: 1 });
  }
  if (ACCOUNT_PROBLEMS.has(name))
    return new ChannelSendError({ ...base, code: 'auth_failed', retryable: false });
  if (name === 'MessageRejected' || name === 'BadRequestException' || (status && status < 500)) {
    return new ChannelSendError({ ...base, code: 'invalid_request', retryable: false });
  }
  return new ChannelSendError({ ...base, code: 'provider_unavailable', retryable: true });
}

export interface SesTransportOptions {
  region: string;
  configurationSetName?: string | undefined;
}

/**
 * SES assigns its own Message-ID (`<MessageId@email.amazonses.com>` in us-east-1, `@{region}.amazonses.com`
 * elsewhere) and overwrites ours, so that is the id the customer's reply will name in In-Reply-To.
 */
export const sesMessageId = (sesId: string, region: string) =>
  `<${sesId}@${region === 'us-east-1' ? 'email' : region}.amazonses.com>`;

export function sesTransport(client: SESv2Client, options: SesTransportOptions): EmailTransport {
  return {
    async send(email) {
      let sesId: string | undefined;
      try {
        const output = await client.send(
          new SendEmailCommand({
            FromEmailAddress: email.envelope.from,
            Destination: { ToAddresses: email.envelope.to },
            Content: { Raw: { Data: new Uint8Array(email.raw) } },
            ...(options.configurationSetName ? { ConfigurationSetName: options.configurationSetName } : {}),
          }),
        );
        sesId = output.MessageId;
      } catch (error) {
        throw sesError(error);
      }
      return { messageId: sesId ? sesMessageId(sesId, options.region) : email.messageId };
    },
  };
}

interface SmtpErrorShape {
  code?: string;
  responseCode?: number;
  message?: string;
}

/** SMTP reply codes: 4xx are transient, 535 a bad login, 550-553 a mailbox that does not exist. */
export function smtpError(error: unknown): ChannelSendError {
  const { code, responseCode, message = String(error) } = (error ?? {}) as SmtpErrorShape;
  const base = { message, providerCode: responseCode ? String(responseCode) : code };
  if (responseCode === 421 || responseCode === 450 || responseCode === 451 || responseCode === 452) {
    return new ChannelSendError({ ...base, code: 'provider_unavailable', retryable: true });
  }
  if (responseCode === 535 || code === 'EAUTH') {
    return new ChannelSendError({ ...base, code: 'auth_failed', retryable: false });
  }
  if (responseCode !== undefined && responseCode >= 550 && responseCode <= 553) {
    return new ChannelSendError({ ...base, code: 'recipient_unavailable', retryable: false });
  }
  if (responseCode !== undefined && responseCode >= 500) {
    return new ChannelSendError({ ...base, code: 'invalid_request', retryable: false });
  }
  return new ChannelSendError({ ...base, code: 'provider_unavailable', retryable: true });
}

export interface SmtpTransportOptions {
  host: string;
  port: number;
  secure?: boolean | undefined;
  auth?: { user: string; pass: string } | undefined;
}

/** Plain SMTP: the local runtime's sandbox sink, or any relay outside AWS. Keeps our Message-ID. */
export function smtpTransport(options: SmtpTransportOptions): EmailTransport {
  const transporter = createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    ...(options.auth ? { auth: options.auth } : {}),
  });
  return {
    async send(email) {
      try {
        await transporter.sendMail({ envelope: email.envelope, raw: email.raw });
      } catch (error) {
        throw smtpError(error);
      }
      return { messageId: email.messageId };
    },
  };
}
