import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
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
