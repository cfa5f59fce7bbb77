import { ChannelSendError, type ChannelLimits } from '../adapter.ts';
import { type ComposeOptions, composeEmail, type OutboundEmail } from './outbound.ts';
import type { EmailTransport } from './transport.ts';

/**
 * E-mail has no webhook to verify: mail reaches us through an SES receipt rule (S3 object, then a Lambda) in
 * AWS and through the local SMTP server in the local runtime, both already trusted; `parseInboundEmail`
 * normalizes it. Outbound, `sendEmail` composes the MIME message and hands it to the environment's transport.
 */
/** SES accepts messages up to 40 MB after encoding; base64 grows attachments by a third. */
export const emailLimits: ChannelLimits = {
  mediaBytes: 25 * 1024 * 1024,
  refusedExtensions: [],
  textLength: 100_000,
  templates: false,
};

function refuse(message: string): never {
  throw new ChannelSendError({ code: 'unsupported_message', message, retryable: false });
}

/** Composes and sends; answers the Message-ID the customer's reply will carry in In-Reply-To. */
export async function sendEmail(
  email: OutboundEmail,
  transport: EmailTransport,
  options: ComposeOptions,
): Promise<{ providerMessageId: string }> {
  if (email.to.length === 0) refuse('no recipient');
  if (email.text.length > emailLimits.textLength)
    refuse(`text longer than ${emailLimits.textLength} characters`);
  const bytes = (email.attachments ?? []).reduce(
    (total, attachment) => total + ('content' in attachment ? attachment.content.byteLength : 0),
    0,
  );
  if (bytes > emailLimits.mediaBytes) refuse(`attachments larger than ${emailLimits.mediaBytes} bytes`);
  let composed;
  try {
    composed = await composeEmail(email, options);
  } catch (error) {
    // Composing reads attachments from their (presigned) URLs: a failed download may succeed later.
    throw new ChannelSendError({
      code: 'provider_unavailable',
      message: `could not compose the e-mail: ${error instanceof Error ? error.message : String(error)}`,
      retryable: true,
    });
  }
  const { messageId } = await transport.send(composed);
  return { providerMessageId: messageId };
}
