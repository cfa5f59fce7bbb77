import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';
import { accountMailSender } from '../../auth/mail-origin.ts';
import { readCompanyItem } from '../../company/store.ts';
import { findMessage, getMessage } from '../../conversations/message-store.ts';
import { getConversation } from '../../conversations/store.ts';
import { getIntegration } from '../../integrations/store.ts';
import { logger } from '../../lib/logger.ts';
import { sqsConsumer } from '../../lib/sqs-consumer.ts';
import { asSent, settleDelivery } from '../../outbound/settle.ts';
import { ChannelSendError } from '../adapter.ts';
import { providerFailure } from '../send-failure.ts';
import { sendEmail } from './adapter.ts';
import { emailTransport } from './environment-transport.ts';
import { EMAIL_SEND_QUEUE_ID, type EmailSendCommand, emailSendCommand } from './send-command.ts';
import { sendByEmail } from './sender.ts';

type MessageMail = Extract<EmailSendCommand, { kind: 'message' }>;

/** The pending message a command names, with what settling it needs; undefined once it is settled. */
async function pendingMail(command: MessageMail) {
  const ref = await findMessage(command.companyId, command.messageId);
  if (!ref || ref.conversation !== command.conversationId) return undefined;
  const [conversation, message, record, company] = await Promise.all([
    getConversation(command.companyId, ref.conversation),
    getMessage(command.companyId, ref.conversation, ref.sequence),
    getIntegration(command.companyId, command.integrationId),
    readCompanyItem(command.companyId),
  ]);
  // A redelivered command finds its message sent (or failed) already and sends nothing again.
  if (!conversation || message?.status !== 'pending') return undefined;
  return { conversation, message, record, company };
}

async function settleFailed(command: MessageMail, error: unknown): Promise<void> {
  const pending = await pendingMail(command);
  if (!pending) return;
  const { company, conversation, message, record } = pending;
  const failure = record && record.type !== 'widget' ? await providerFailure(error, record) : error;
  await settleDelivery(company, conversation, command.integrationId, message, { error: failure });
}

/**
 * Sends a message's e-mail and settles it: sent with the Message-ID the customer's reply will name, or failed
 * with the reason. A transient failure (throttling, SES unavailable) is thrown so SQS tries again; the last
 * attempt marks the message failed (resendable).
 */
async function sendMessageMail(command: MessageMail): Promise<void> {
  const pending = await pendingMail(command);
  if (!pending) {
    logger.info('e-mail command for a settled message; nothing sent', { messageId: command.messageId });
    return;
  }
  const { company, conversation, message, record } = pending;
  if (!record || record.type === 'widget' || record.provider !== 'email') {
    const error = new ChannelSendError({
      code: 'auth_failed',
      message: 'integration not found',
      retryable: false,
    });
    await settleDelivery(company, conversation, command.integrationId, message, { error });
    return;
  }
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await sendByEmail(asSent(company, message), conversation, record));
  } catch (error) {
    if (error instanceof ChannelSendError && error.retryable) throw error;
    const failure = await providerFailure(error, record);
    await settleDelivery(company, conversation, command.integrationId, message, { error: failure });
    return;
  }
  await settleDelivery(company, conversation, command.integrationId, message, { providerMessageId });
}

async function sendAccountMail(command: Extract<EmailSendCommand, { kind: 'account' }>): Promise<void> {
  await sendEmail(
    {
      from: { address: accountMailSender(), name: 'Atende' },
      to: [{ address: command.to }],
      subject: command.subject,
      text: command.text,
    },
    emailTransport(),
    { timeZone: DEFAULT_TIMEZONE },
  );
}

/** The one Lambda that composes MIME messages and talks to SES (or the local SMTP sink). */
export const handler = sqsConsumer({
  queueId: EMAIL_SEND_QUEUE_ID,
  schema: emailSendCommand,
  companyOf: (command) => (command.kind === 'message' ? command.companyId : undefined),
  process: (command) => (command.kind === 'message' ? sendMessageMail(command) : sendAccountMail(command)),
  onLastAttempt: async (command, error) => {
    if (command.kind === 'message') await settleFailed(command, error);
  },
});
