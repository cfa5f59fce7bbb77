import { assignConversation } from '@atende/shared/contracts/conversations/assign-conversation';
import { createCommand } from '@atende/shared/contracts/commands/create-command';
import { createFlow } from '@atende/shared/contracts/flows/create-flow';
import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import { publishFlow } from '@atende/shared/contracts/flows/publish-flow';
import { saveFlowDraft } from '@atende/shared/contracts/flows/save-flow-draft';
import type { FlowDetail } from '@atende/shared/contracts/flows/views';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../auth/test-gateway.ts';
import { handler as commandsHandler } from '../commands/handler.ts';
import { handler as conversationsHandler } from '../conversations/handler.ts';
import { findByProviderId } from '../conversations/message-store.ts';
import { getConversation } from '../conversations/store.ts';
import {
  createInbox,
  deliverInbound,
  type Inbox,
  inboundText,
  setSettings,
} from '../conversations/test-inbox.ts';
import { replaceChannelSender } from '../outbound/senders.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { handler } from './handler.ts';
import { relinkChannel } from './store.ts';
import { menuFlow } from './test-flows.ts';

let inbox: Inbox;
const sent: { to: string; text: string; buttons?: unknown }[] = [];

beforeAll(async () => {
  await useTestTables();
  inbox = await createInbox();
  replaceChannelSender('widget', async (message) => {
    sent.push({ to: message.conversation, text: message.content, buttons: message.channel_metadata.buttons });
    return { providerMessageId: `widget-out-${message._id}` };
  });
});

beforeEach(() => {
  sent.length = 0;
});

async function publish(graph: FlowGraph, flowId?: string): Promise<string> {
  const id =
    flowId ??
    (
      (
        await callRoute(handler, createFlow, {
          token: inbox.admin.token,
          body: { name: `Fluxo ${Date.now()}` },
        })
      ).body as FlowDetail
    )._id;
  await callRoute(handler, saveFlowDraft, { token: inbox.admin.token, params: { id }, body: graph });
  const published = await callRoute(handler, publishFlow, { token: inbox.admin.token, params: { id } });
  expect(published.status).toBe(201);
  return id;
}

let attached: string | undefined;
async function attach(flowId: string | null) {
  expect(await relinkChannel(inbox.companyId, inbox.widget, attached, flowId)).toEqual([]);
  attached = flowId ?? undefined;
}

async function say(externalId: string, text: string, providerMessageId?: string) {
  const event = inboundText(inbox, { externalId, text, ...(providerMessageId ? { providerMessageId } : {}) });
  expect(await deliverInbound(event)).toEqual({ batchItemFailures: [] });
  const ref = await findByProviderId(inbox.companyId, inbox.widget, event.providerMessageId);
  return { event, conversation: await getConversation(inbox.companyId, ref?.conversation ?? '') };
}

const textsTo = (conversationId: string | undefined) =>
  sent.filter((item) => item.to === conversationId).map((item) => item.text);

describe('bot runtime through the widget', () => {
  it('starts a new conversation in the bot, shows the menu, and hands off to the chosen department', async () => {
    await attach(await publish(menuFlow(inbox, 'Olá {{customer_first_name}}, escolha:')));
    const { conversation } = await say('menu-visitor', 'Oi');
    expect(conversation?.status).toBe('bot');
    expect(sent).toEqual([
      {
        to: conversation?._id,
        text: 'Olá Maria, escolha:\n1 - Vendas\n2 - Suporte',
        buttons: [
          { id: 'o1', label: 'Vendas' },
          { id: 'o2', label: 'Suporte' },
        ],
      },
    ]);
    await say('menu-visitor', 'suporte');
    const after = await getConversation(inbox.companyId, conversation?._id ?? '');
    expect(after).toMatchObject({ status: 'queue', department: inbox.support });
    expect(textsTo(conversation?._id).slice(1)).toEqual([
      'Você foi transferido para Suporte.',
      'Aguarde, em breve você será atendido.',
    ]);
  });

  it('advances once for a redelivered answer', async () => {
    await attach(await publish(menuFlow(inbox)));
    const { conversation } = await say('redelivery-visitor', 'Oi');
    const answer = `answer-${Date.now()}`;
    await say('redelivery-visitor', 'x', answer);
    await say('redelivery-visitor', 'x', answer);
    expect(textsTo(conversation?._id)).toEqual([
      'Escolha uma opção:\n1 - Vendas\n2 - Suporte',
      'Opção inválida. Responda com o número ou o nome de uma das opções.',
      'Escolha uma opção:\n1 - Vendas\n2 - Suporte',
    ]);
  });

  it('sends invalid answers past the company limit to its outcome, hiding hidden system messages', async () => {
    await attach(await publish(menuFlow(inbox)));
    await setSettings(inbox.companyId, {
      invalidResponses: { enabled: true, limit: 2, outcome: { kind: 'department', department: inbox.sales } },
      hiddenSystemMessages: { startEnd: false, waiting: true, queuePosition: false, transfer: false },
    });
    const { conversation } = await say('invalid-visitor', 'Oi');
    await say('invalid-visitor', 'talvez');
    await say('invalid-visitor', '9');
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'queue',
      department: inbox.sales,
    });
    expect(textsTo(conversation?._id).at(-1)).toBe('Você foi transferido para Vendas.');
    await setSettings(inbox.companyId, {});
  });

  it('keeps a running conversation on the version it started with after a new publish', async () => {
    const flowId = await publish(menuFlow(inbox, 'Versão 1'));
    await attach(flowId);
    const { conversation } = await say('versions-visitor', 'Oi');
    const v2 = menuFlow(inbox, 'Versão 2');
    const menu = v2.nodes.find((node) => node.id === 'menu');
    if (menu?.type === 'menu')
      menu.data.options = [
        { id: 'o1', label: 'Comprar' },
        { id: 'o2', label: 'Ajuda' },
      ];
    await publish(v2, flowId);
    await say('versions-visitor', 'Vendas');
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'queue',
      department: inbox.sales,
    });
    const fresh = await say('versions-visitor-2', 'Oi');
    expect(textsTo(fresh.conversation?._id)).toEqual(['Versão 2\n1 - Comprar\n2 - Ajuda']);
  });

  it('stops when an operator takes the conversation', async () => {
    await attach(await publish(menuFlow(inbox)));
    const { conversation } = await say('takeover-visitor', 'Oi');
    const taken = await callRoute(conversationsHandler, assignConversation, {
      token: inbox.admin.token,
      params: { id: conversation?._id ?? '' },
    });
    expect(taken.status).toBe(200);
    await say('takeover-visitor', '1');
    // The menu, then the start-of-service notice of the take; the bot says nothing to the '1'.
    const texts = textsTo(conversation?._id);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toMatch(/^Atendimento iniciado\. Protocolo: /);
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'in_service',
    });
  });

  it('refuses an HTTP node aimed at a private address and takes its error branch', async () => {
    const at = { x: 0, y: 0 };
    await attach(
      await publish({
        nodes: [
          { id: 'start', type: 'start', position: at, data: {} },
          {
            id: 'http',
            type: 'http_request',
            position: at,
            data: {
              method: 'GET',
              url: 'https://169.254.169.254/latest/meta-data/',
              headers: [],
              body: '',
              save: [],
            },
          },
          { id: 'ok', type: 'end', position: at, data: { text: 'vazou', tabulation: null } },
          { id: 'err', type: 'end', position: at, data: { text: 'recusado', tabulation: null } },
        ],
        edges: [
          { id: 'a', source: 'start', target: 'http' },
          { id: 'b', source: 'http', target: 'ok', sourceHandle: 'success' },
          { id: 'c', source: 'http', target: 'err', sourceHandle: 'error' },
        ],
      }),
    );
    const { conversation } = await say('ssrf-visitor', 'Oi');
    expect(textsTo(conversation?._id)[0]).toBe('recusado');
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'closed',
      close_reason: 'closed_by_bot',
    });
  });

  it('offers the departments menu when department_mode is on and the channel has no flow', async () => {
    await attach(null);
    await setSettings(inbox.companyId, {
      departmentsMenu: { department_mode: true, message: 'Para qual setor?' },
    });
    const { conversation } = await say('departments-visitor', 'Oi');
    expect(textsTo(conversation?._id)).toEqual(['Para qual setor?\n1 - Vendas\n2 - Suporte']);
    await say('departments-visitor', '1');
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'queue',
      department: inbox.sales,
    });
    await setSettings(inbox.companyId, {});
  });

  it('runs #commands when enabled: defaults and custom ones, and ignores them when disabled', async () => {
    await attach(null);
    const created = await callRoute(commandsHandler, createCommand, {
      token: inbox.admin.token,
      body: { command: 'horario', description: 'Horário', reply: 'Abrimos às 8h.' },
    });
    expect(created.status).toBe(201);
    const { conversation } = await say('command-visitor', 'Oi');
    expect(conversation?.status).toBe('queue');
    await say('command-visitor', '#list_departments');
    await say('command-visitor', '#HORARIO');
    await say('command-visitor', '#go_to_department suporte');
    expect(textsTo(conversation?._id)).toEqual([
      'Departamentos:\n- Vendas\n- Suporte',
      'Abrimos às 8h.',
      'Você foi transferido para Suporte.',
      'Aguarde, em breve você será atendido.',
    ]);
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      department: inbox.support,
    });
    await say('command-visitor', '#end_call');
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'closed',
    });

    await setSettings(inbox.companyId, { commands: { enabled: false } });
    const other = await say('command-visitor-2', 'Oi');
    await say('command-visitor-2', '#list_departments');
    expect(textsTo(other.conversation?._id)).toEqual([]);
    await setSettings(inbox.companyId, {});
  });

  it('switches a bot conversation into another published flow with #go_to_flow', async () => {
    await attach(await publish(menuFlow(inbox, 'Menu principal')));
    const created = await callRoute(handler, createFlow, {
      token: inbox.admin.token,
      body: { name: `Financeiro ${Date.now()}` },
    });
    const finance = created.body as FlowDetail;
    await publish(menuFlow(inbox, 'Financeiro: escolha'), finance._id);
    const { conversation } = await say('go-to-flow-visitor', 'Oi');
    await say('go-to-flow-visitor', '#go_to_flow nenhum');
    await say('go-to-flow-visitor', `#go_to_flow ${finance.name.toUpperCase()}`);
    await say('go-to-flow-visitor', 'vendas');
    expect(textsTo(conversation?._id)).toEqual([
      'Menu principal\n1 - Vendas\n2 - Suporte',
      'Fluxo não encontrado. Digite #list_flows para ver os fluxos.',
      'Financeiro: escolha\n1 - Vendas\n2 - Suporte',
      'Você foi transferido para Vendas.',
      'Aguarde, em breve você será atendido.',
    ]);
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'queue',
      department: inbox.sales,
    });
    // In the queue the bot no longer holds the conversation: the command says so and changes nothing.
    await say('go-to-flow-visitor', `#go_to_flow ${finance.name}`);
    expect(textsTo(conversation?._id).at(-1)).toBe(
      'Você já está na fila de atendimento; um atendente falará com você em breve.',
    );
    expect(await getConversation(inbox.companyId, conversation?._id ?? '')).toMatchObject({
      status: 'queue',
    });
  });

  it('answers a menu by the option id a native button carries, whatever its text', async () => {
    const flowId = await publish(menuFlow(inbox, 'Escolha no botão:'));
    expect(await relinkChannel(inbox.companyId, inbox.official, undefined, flowId)).toEqual([]);
    const official: { to: string; metadata: Record<string, unknown> }[] = [];
    replaceChannelSender('official', async (message) => {
      official.push({ to: message.conversation, metadata: message.channel_metadata });
      return { providerMessageId: `official-out-${message._id}` };
    });
    const first = inboundText(inbox, {
      integrationId: inbox.official,
      channel: 'official',
      externalId: '5585977770001',
      text: 'Oi',
    });
    expect(await deliverInbound(first)).toEqual({ batchItemFailures: [] });
    const ref = await findByProviderId(inbox.companyId, inbox.official, first.providerMessageId);
    expect(official[0]?.metadata).toMatchObject({
      prompt: 'Escolha no botão:',
      buttons: [
        { id: 'o1', label: 'Vendas' },
        { id: 'o2', label: 'Suporte' },
      ],
    });
    const tapped = inboundText(inbox, {
      integrationId: inbox.official,
      channel: 'official',
      externalId: '5585977770001',
      text: 'Título que o cliente não digitou',
      buttonId: 'o2',
    });
    expect(await deliverInbound(tapped)).toEqual({ batchItemFailures: [] });
    expect(await getConversation(inbox.companyId, ref?.conversation ?? '')).toMatchObject({
      status: 'queue',
      department: inbox.support,
    });
    expect(await relinkChannel(inbox.companyId, inbox.official, flowId, null)).toEqual([]);
  });
});
