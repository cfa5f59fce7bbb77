import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted, with the headers and parts a test asserts on. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  messageId: string | undefined;
  subject: string | undefined;
  from: string | undefined;
  to: string[];
  text: string | undefined;
  html: string | undefined;
  inReplyTo: string | undefined;
  references: string[];
  attachments: { fileName: string | undefined; contentType: string; size: number; content: Buffer }[];
  receivedAt: string;
}

export interface SmtpSink {
  host: string;
  port: number;
  messages(): ReceivedMail[];
  reset(): void;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  port?: number | undefined;
  host?: string | undefined;
  /** Also hands each message on (the local runtime feeds its inbound e-mail this way). */
  onMessage?: ((mail: ReceivedMail) => void | Promise<void>) | undefined;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) =>
    object.value.flatMap((address) => (address.address ? [address.address] : [])),
  );

async function toReceived(raw: Buffer, envelope: ReceivedMail['envelope']): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const references = parsed.references;
  return {
    envelope,
    raw,
    messageId: parsed.messageId,
    subject: parsed.subject,
    from: addresses(parsed.from)[0],
    to: addresses(parsed.to),
    text: parsed.text,
    html: parsed.html === false ? undefined : parsed.html,
    inReplyTo: parsed.inReplyTo,
    references: references === undefined ? [] : Array.isArray(references) ? references : [references],
    attachments: parsed.attachments.map((attachment) => ({
      fileName: attachment.filename,
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content,
    })),
    receivedAt: new Date().toISOString(),
  };
}

/**
 * An SMTP server that accepts any mail without TLS or login, as the outbound SES stand-in of the local runtime;
 * what it receives is parsed with mailparser and kept for `messages()`.
 */
export async function createSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const host = options.host ?? '127.0.0.1';
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        toReceived(Buffer.concat(chunks), envelope)
          .then(async (mail) => {
            received.push(mail);
            await options.onMessage?.(mail);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    host,
    port,
    messages: () => [...received],
    reset: () => {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
