import { ENV } from '@atende/shared/infra/env';
import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';
import { sendEmail } from '../channels/email/adapter.ts';
import { emailTransport } from '../channels/email/environment-transport.ts';

/** A mail the product sends to a person about their account (invitation, sign-up), plain text. */
export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

type Mailer = (mail: AccountMail) => Promise<void>;

let override: Mailer | undefined;

/** Tests read what would be sent (links with one-time tokens included); no argument restores real sending. */
export function setAccountMailer(mailer?: Mailer): void {
  override = mailer;
}

const watchers = new Set<(mail: AccountMail) => void>();

export const hasAccountMailer = (): boolean => override !== undefined;

/** Test support: sees every mail as it is sent (a sign-up's confirmation link), until the returned stop. */
export function watchAccountMail(watcher: (mail: AccountMail) => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/** Where links in mails point: the app's origin (the first of APP_ORIGINS), else the public base URL. */
export function appBaseUrl(): string {
  const origin = (process.env[ENV.appOrigins] ?? '').split(',')[0]?.trim();
  return (origin || process.env[ENV.publicBaseUrl] || '').replace(/\/+$/, '');
}

/** A no-reply sender at the app's domain; a host without a domain (the local runtime's 127.0.0.1) gets one. */
function sender(): string {
  let host = '';
  try {
    host = new URL(appBaseUrl()).hostname;
  } catch {
    host = '';
  }
  return `nao-responda@${host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'atende.local'}`;
}

export async function sendAccountMail(mail: AccountMail): Promise<void> {
  for (const watcher of watchers) watcher(mail);
  if (override) return override(mail);
  await sendEmail(
    {
      from: { address: sender(), name: 'Atende' },
      to: [{ address: mail.to }],
      subject: mail.subject,
      text: mail.text,
    },
    emailTransport(),
    { timeZone: DEFAULT_TIMEZONE },
  );
}
