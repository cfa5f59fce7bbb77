import { randomUUID } from 'node:crypto';
import { getConversation } from '@atende/functions/conversations/store';
import { transition } from '@atende/functions/conversations/transition-store';
import { DEMO, type DemoSeed } from './seed.ts';

/**
 * What a newcomer's first login shows: a site widget channel, tags, a wallet, contacts (tagged, some in the
 * wallet), a smart tag over them, and widget customers whose conversations sit in every state (bot, queue,
 * in service with the operator's answer, closed), each with its messages. Everything goes through the real
 * API as the product's users would do it, so the records, indexes and domain reactions are the product's own;
 * only the chatbot state, which no route reaches yet, is set with the conversations store's own transition.
 *
 * Idempotent: each part is looked up by its name first (tags, wallet, smart tag, channel), a contact that
 * exists answers 409 and is kept, and the conversations are only started when the demo channel has none.
 */
export const DEMO_CONTENT = {
  channelLabel: 'Site (demonstração)',
  wallet: 'Carteira Demo',
  smartTag: 'Clientes VIP ativos',
  tags: [
    { name: 'VIP', color: '#faad14' },
    { name: 'Lead quente', color: '#f5222d' },
    { name: 'Pós-venda', color: '#52c41a' },
  ],
  contacts: [
    {
      full_name: 'Mariana Alves',
      cel_phone: '5585999990001',
      email: 'mariana@exemplo.com.br',
      tags: ['VIP'],
      wallet: true,
    },
    { full_name: 'Rafael Costa', cel_phone: '5585999990002', tags: ['Lead quente'], wallet: true },
    {
      full_name: 'Juliana Ribeiro',
      cel_phone: '5585999990003',
      email: 'juliana@exemplo.com.br',
      tags: ['VIP', 'Pós-venda'],
    },
    { full_name: 'Pedro Martins', cel_phone: '5585999990004', tags: ['Pós-venda'] },
    { full_name: 'Fernanda Gomes', email: 'fernanda@exemplo.com.br', tags: [] },
  ],
  /** One widget visitor per conversation state. */
  visitors: [
    {
      name: 'Ana Souza',
      email: 'ana.souza@exemplo.com.br',
      state: 'queue',
      texts: ['Olá! Vocês entregam em Fortaleza?'],
    },
    {
      name: 'Bruno Lima',
      email: 'bruno.lima@exemplo.com.br',
      state: 'in_service',
      texts: ['Boa tarde', 'Meu pedido 1234 ainda não chegou.'],
      reply: 'Olá, Bruno! Já estou verificando o seu pedido 1234.',
    },
    {
      name: 'Carla Dias',
      email: 'carla.dias@exemplo.com.br',
      state: 'closed',
      texts: ['Gostaria de trocar o tamanho de uma camiseta.'],
      reply: 'Claro, Carla! A troca foi registrada e o código de postagem segue por e-mail.',
    },
    {
      name: 'Diego Rocha',
      email: 'diego.rocha@exemplo.com.br',
      state: 'bot',
      texts: ['Quero saber sobre os planos.'],
    },
  ],
} as const;

interface Named {
  _id: string;
  name?: string;
  label?: string;
}

interface Api {
  call<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
  token: string;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<Api> {
  const call: Api['call'] = async (method, path, body, token) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never };
  };
  const login = await call<{ accessToken: string }>('POST', '/auth/token', { email, password });
  if (login.status !== 201 && login.status !== 200) throw new Error(`demo content: ${email} cannot sign in`);
  const token = login.body.accessToken;
  return { token, call: (method, path, body) => call(method, path, body, token) };
}

async function ensure<T extends Named>(
  api: Api,
  what: string,
  existing: T | undefined,
  create: () => Promise<{ status: number; body: T }>,
): Promise<T> {
  if (existing) return existing;
  const created = await create();
  if (created.status !== 201)
    throw new Error(`demo content: ${what} answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body;
}

const expectOk = (what: string, answer: { status: number; body: unknown }) => {
  if (answer.status >= 300)
    throw new Error(`demo content: ${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
};

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`demo content: timed out waiting for ${what}`);
}

export interface DemoContent {
  channelId: string;
  tagIds: Record<string, string>;
  walletId: string;
  smartTagId: string;
  /** The demo conversations by state (empty when they already existed). */
  conversations: Partial<Record<'bot' | 'queue' | 'in_service' | 'closed', string>>;
}

export async function seedDemoContent(baseUrl: string, seed: DemoSeed): Promise<DemoContent> {
  const login = (role: 'admin' | 'operator') => {
    const found = seed.logins.find((entry) => entry.role === role);
    if (!found) throw new Error(`demo content: no ${role} login`);
    return signIn(baseUrl, found.email, found.password);
  };
  const admin = await login('admin');

  const { body: tagList } = await admin.call<{ tags: Named[] }>('GET', '/tags');
  const tagIds: Record<string, string> = {};
  for (const tag of DEMO_CONTENT.tags) {
    const saved = await ensure(
      admin,
      `tag ${tag.name}`,
      tagList.tags.find((t) => t.name === tag.name),
      () => admin.call('POST', '/tags', tag),
    );
    tagIds[tag.name] = saved._id;
  }

  const { body: walletList } = await admin.call<{ wallets: Named[] }>('GET', '/wallets');
  const wallet = await ensure(
    admin,
    'wallet',
    walletList.wallets.find((w) => w.name === DEMO_CONTENT.wallet),
    () =>
      admin.call('POST', '/wallets', {
        name: DEMO_CONTENT.wallet,
        employee_owner: DEMO.employees.manager.id,
        employees: [DEMO.employees.operator.id],
      }),
  );

  for (const contact of DEMO_CONTENT.contacts) {
    const {
      tags,
      wallet: inWallet,
      ...fields
    } = contact as (typeof DEMO_CONTENT.contacts)[number] & {
      wallet?: boolean;
    };
    const answer = await admin.call('POST', '/contacts', {
      ...fields,
      tags: tags.map((name) => tagIds[name]),
      ...(inWallet ? { wallet: wallet._id } : {}),
    });
    // 409: the phone or e-mail is already a contact of the company, i.e. an earlier run created it.
    if (answer.status !== 201 && answer.status !== 409) expectOk(`contact ${contact.full_name}`, answer);
  }

  const { body: smartTagList } = await admin.call<{ smart_tags: Named[] }>('GET', '/smart-tags');
  const smartTag = await ensure(
    admin,
    'smart tag',
    smartTagList.smart_tags.find((s) => s.name === DEMO_CONTENT.smartTag),
    () =>
      admin.call('POST', '/smart-tags', {
        name: DEMO_CONTENT.smartTag,
        color: '#722ed1',
        match: 'all',
        conditions: [{ field: 'tags', operator: 'includes', value: tagIds.VIP }],
      }),
  );

  const { body: channelList } = await admin.call<{ items: Named[] }>('GET', '/integrations/channels');
  const channel = await ensure(
    admin,
    'widget channel',
    channelList.items.find((c) => c.label === DEMO_CONTENT.channelLabel),
    () => admin.call('POST', '/integrations/channels', { type: 'widget', label: DEMO_CONTENT.channelLabel }),
  );

  const conversations = await startConversations(baseUrl, admin, () => login('operator'), channel._id);
  return { channelId: channel._id, tagIds, walletId: wallet._id, smartTagId: smartTag._id, conversations };
}

interface ListedConversation {
  _id: string;
  integration: string;
  customer: { full_name: string };
}

async function startConversations(
  baseUrl: string,
  admin: Api,
  operatorLogin: () => Promise<Api>,
  channelId: string,
): Promise<DemoContent['conversations']> {
  const listAll = async () =>
    (
      await admin.call<{ items: ListedConversation[] }>(
        'GET',
        '/conversations?tab=all&channel=widget&limit=100',
      )
    ).body.items.filter((conversation) => conversation.integration === channelId);
  if ((await listAll()).length > 0) return {};

  for (const visitor of DEMO_CONTENT.visitors) {
    // The visitor's side, as the widget script calls it: no employee token.
    const session = await fetch(`${baseUrl}/api/widget/${channelId}/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: visitor.name, email: visitor.email }),
    });
    if (session.status !== 201) throw new Error(`demo content: widget session answered ${session.status}`);
    const { token } = (await session.json()) as { token: string };
    for (const text of visitor.texts) {
      const sent = await fetch(`${baseUrl}/api/widget/${channelId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id: randomUUID(), text }),
      });
      if (sent.status !== 202) throw new Error(`demo content: widget message answered ${sent.status}`);
    }
  }
  // The widget hands messages to the inbound queue; the conversations appear once the engine has run.
  const listed = await until(async () => {
    const items = await listAll();
    return items.length >= DEMO_CONTENT.visitors.length ? items : undefined;
  }, 'the demo conversations');
  const idOf = (name: string) => {
    const found = listed.find((conversation) => conversation.customer.full_name === name);
    if (!found) throw new Error(`demo content: no conversation of ${name}`);
    return found._id;
  };

  const operator = await operatorLogin();
  const result: DemoContent['conversations'] = {};
  for (const visitor of DEMO_CONTENT.visitors) {
    const id = idOf(visitor.name);
    result[visitor.state] = id;
    if (visitor.state === 'queue') continue;
    if (visitor.state === 'bot') {
      const record = await getConversation(DEMO.companyId, id);
      if (record) await transition(record, { status: 'bot', now: new Date().toISOString() });
      continue;
    }
    expectOk(`assign ${visitor.name}`, await operator.call('POST', `/conversations/${id}/assign`, {}));
    if ('reply' in visitor) {
      expectOk(
        `reply to ${visitor.name}`,
        await operator.call('POST', `/messages/customer/${id}/send`, {
          message: visitor.reply,
          operator: DEMO.employees.operator.id,
          channel: 'widget',
        }),
      );
    }
    if (visitor.state === 'closed') {
      expectOk(`close ${visitor.name}`, await operator.call('POST', `/conversations/${id}/close`, {}));
    }
  }
  return result;
}
