import { queueEmail } from '../channels/email/send-queue.ts';

export { accountMailSender, appBaseUrl } from './mail-origin.ts';

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

/** Queues the mail for the e-mail consumer (channels/email/send-consumer.ts), which composes and sends it. */
export async function sendAccountMail(mail: AccountMail): Promise<void> {
  for (const watcher of watchers) watcher(mail);
  if (override) return override(mail);
  await queueEmail({ kind: 'account', ...mail });
}
