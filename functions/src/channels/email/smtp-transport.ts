import { createTransport } from 'nodemailer';
import { ChannelSendError } from '../adapter.ts';
import type { EmailTransport } from './transport.ts';

/*
 * Plain SMTP lives apart from the SES transport: nodemailer's SMTP client (and its well-known services list)
 * is needed by the local runtime only, which plugs it in (provideSmtpTransport), so no Lambda bundles it.
 */

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
