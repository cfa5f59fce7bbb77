import { ingestEmail } from '@atende/functions/channels/email/ingest';
import type { ReceivedMail } from '../sandbox/smtp-sink.ts';

/**
 * The local runtime's inbound e-mail: the sandbox's SMTP server plays the whole mail network, so a mail whose
 * envelope names an e-mail integration's address is delivered to that integration (as the SES receipt rule
 * does in AWS), while mail to anyone else (the product's answers to customers) is only recorded by the sink.
 * A failure is answered as an SMTP error, so the sending client sees it and may retry.
 */
export function emailInbound(log: (line: string) => void): (mail: ReceivedMail) => Promise<void> {
  return async (mail) => {
    const result = await ingestEmail(mail.raw, mail.envelope.to, new Date(mail.receivedAt));
    if (result.integrations.length > 0) {
      log(`e-mail ${mail.messageId ?? ''} → integrations ${result.integrations.join(', ')}`);
    }
  };
}
