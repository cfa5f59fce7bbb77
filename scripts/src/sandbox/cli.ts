import { parseArgs } from 'node:util';
import { INBOUND_CHANNELS, type InboundInput, postInbound } from './inbound.ts';
import { createProviderSandbox } from './server.ts';
import { postShopifyWebhook, sampleOrder, SHOPIFY_TOPICS, type ShopifyTopic } from './shopify.ts';

const USAGE = `Play the customer on a channel, or run the provider fakes.

  npm run sandbox -- serve [--port 4010] [--smtp-port 2525]
  npm run sandbox -- <channel> --to <webhookUrl> --secret <secret> --text <text> [--from <id>] [--name <name>]

channels: ${INBOUND_CHANNELS.join(', ')}
  whatsapp, motor      --secret = app secret (X-Hub-Signature-256)   --phone-number-id <id>
  messenger, instagram --secret = app secret                         --account-id <page or IG account id>
  telegram             --secret = the webhook's secret_token          --from <chat id>
  dialog               --secret = the integration's webhook token     --phone-number-id <id>
  gupshup              --secret = the integration's webhook token     --app <Gupshup app name>
  email                --smtp <host:port> --mailbox <integration address> --subject <s> [--in-reply-to <id>]
  --id <provider id> repeats a message id, to see a redelivery ignored.

The unofficial WhatsApp (QR session) of the local runtime (its sandbox listens on PORT + 3):
  npm run sandbox -- wa-session list                                   sessions and their QR codes
  npm run sandbox -- wa-session scan <qr|integrationId> --phone <digits> link the business phone
  npm run sandbox -- wa-session send --to <integrationId|phone> --from <digits> --text <text> [--name <n>] [--id <id>]
  npm run sandbox -- wa-session sent                                   what the business sent
  npm run sandbox -- wa-session ack --id <message id> --status delivered|read
  npm run sandbox -- wa-session drop|unlink <integrationId>
  [--sandbox http://127.0.0.1:3003]

The shop (Shopify order webhooks, signed with the shop's webhook secret):
  npm run sandbox -- shopify --to <webhookUrl> --secret <secret> --topic orders/paid [--phone <+55...>] [--name <n>] [--id <webhook id>]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: 'string' },
    secret: { type: 'string' },
    text: { type: 'string' },
    from: { type: 'string' },
    name: { type: 'string' },
    id: { type: 'string' },
    'phone-number-id': { type: 'string' },
    'account-id': { type: 'string' },
    app: { type: 'string' },
    smtp: { type: 'string', default: '127.0.0.1:2525' },
    mailbox: { type: 'string' },
    subject: { type: 'string', default: 'Contato pelo sandbox' },
    'in-reply-to': { type: 'string' },
    port: { type: 'string', default: '4010' },
    'smtp-port': { type: 'string', default: '2525' },
    phone: { type: 'string' },
    status: { type: 'string' },
    topic: { type: 'string', default: 'orders/create' },
    sandbox: { type: 'string', default: 'http://127.0.0.1:3003' },
    help: { type: 'boolean', short: 'h' },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const need = (name: keyof typeof values): string => {
  const value = values[name];
  return typeof value === 'string' && value ? value : fail(`--${name} is required`);
};

async function serve(): Promise<void> {
  const sandbox = await createProviderSandbox({
    port: Number(values.port),
    smtpPort: Number(values['smtp-port']),
    onSent: (request) =>
      console.log(`→ ${request.provider} ${request.method} ${request.path}`, JSON.stringify(request.body)),
    onMail: (mail) =>
      console.log(`✉ ${mail.envelope.to.join(', ')}: ${mail.subject ?? ''}\n${mail.text ?? ''}`),
  });
  console.log('Provider sandbox running. Base URLs:');
  for (const [provider, url] of Object.entries(sandbox.baseUrls))
    console.log(`  ${provider.padEnd(10)} ${url}`);
  console.log(`  smtp       ${sandbox.smtp.host}:${sandbox.smtp.port}`);
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function inboundInput(channel: string): InboundInput {
  const text = need('text');
  const message = { text, name: values.name, id: values.id };
  switch (channel) {
    case 'whatsapp':
    case 'motor':
      return {
        channel,
        ...message,
        from: values.from ?? '5585999990001',
        to: need('to'),
        appSecret: need('secret'),
        phoneNumberId: need('phone-number-id'),
      };
    case 'dialog':
      return {
        channel,
        ...message,
        from: values.from ?? '5585999990001',
        to: need('to'),
        token: need('secret'),
        phoneNumberId: need('phone-number-id'),
      };
    case 'gupshup':
      return {
        channel,
        ...message,
        from: values.from ?? '5585999990001',
        to: need('to'),
        token: need('secret'),
        app: need('app'),
      };
    case 'messenger':
    case 'instagram':
      return {
        channel,
        ...message,
        from: values.from ?? '6783210412345678',
        to: need('to'),
        appSecret: need('secret'),
        accountId: need('account-id'),
      };
    case 'telegram':
      return {
        channel,
        ...message,
        from: values.from ?? '5012345678',
        to: need('to'),
        secretToken: need('secret'),
      };
    case 'email': {
      const [host = '127.0.0.1', port = '2525'] = need('smtp').split(':');
      return {
        channel,
        ...message,
        from: values.from ?? 'cliente@sandbox.local',
        smtp: { host, port: Number(port) },
        mailbox: need('mailbox'),
        subject: need('subject'),
        inReplyTo: values['in-reply-to'],
      };
    }
    default:
      return fail(`unknown channel '${channel}'`);
  }
}

/** Drives the runtime's fake WhatsApp network over the sandbox's HTTP routes. */
async function whatsappSession(action: string | undefined, target: string | undefined): Promise<void> {
  const routes: Record<string, () => [method: string, path: string, body?: unknown]> = {
    list: () => ['GET', 'sessions'],
    sent: () => ['GET', 'sent'],
    scan: () => [
      'POST',
      'scan',
      { target: target ?? fail('scan needs the QR or integration id'), phone: need('phone') },
    ],
    send: () => [
      'POST',
      'inbound',
      { to: need('to'), from: need('from'), text: need('text'), name: values.name, id: values.id },
    ],
    ack: () => ['POST', 'ack', { id: need('id'), status: need('status') }],
    drop: () => ['POST', 'drop', { integrationId: target ?? fail('drop needs the integration id') }],
    unlink: () => ['POST', 'unlink', { integrationId: target ?? fail('unlink needs the integration id') }],
  };
  const route = action ? routes[action] : undefined;
  if (!route) fail(`unknown wa-session action '${action ?? ''}'`);
  const [method, path, body] = route();
  const response = await fetch(`${need('sandbox').replace(/\/+$/, '')}/whatsapp-session/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  console.log(JSON.stringify(await response.json(), null, 2));
  if (!response.ok) process.exitCode = 1;
}

async function shopify(): Promise<void> {
  const topic = values.topic as ShopifyTopic;
  if (!SHOPIFY_TOPICS.includes(topic)) fail(`--topic must be one of ${SHOPIFY_TOPICS.join(', ')}`);
  const answer = await postShopifyWebhook({
    url: need('to'),
    secret: need('secret'),
    topic,
    order: sampleOrder({
      phone: values.phone,
      customer: values.name,
      cancelled: topic === 'orders/cancelled',
    }),
    webhookId: values.id,
  });
  console.log(`${answer.status} ${answer.body}`);
}

async function main(): Promise<void> {
  const [command] = positionals;
  if (values.help || !command) fail('choose a channel or serve');
  if (command === 'serve') return serve();
  if (command === 'wa-session') return whatsappSession(positionals[1], positionals[2]);
  if (command === 'shopify') return shopify();
  const result = await postInbound(inboundInput(command));
  console.log(JSON.stringify(result, null, 2));
  if ('status' in result && (result.status < 200 || result.status > 299)) process.exitCode = 1;
}

await main();
