import type {
  ProviderIntegrationView,
  UnofficialIntegrationView,
} from '@atende/shared/contracts/integrations/views';
import { describe, expect, it } from 'vitest';
import { connectionNotices, createNoticeTracker, healthDisplay } from './health-display.ts';

describe('channel health display (spec point 4: 1 all, 2 some, 3 none)', () => {
  it.each([
    [1, 'green', 'success', 'Todos os canais conectados'],
    [2, 'amber', 'warning', 'Alguns canais desconectados'],
    [3, 'red', 'error', 'Nenhum canal conectado'],
  ] as const)('%i is %s', (health, tone, status, label) => {
    expect(healthDisplay(health)).toEqual({ tone, status, label });
  });
});

const whatsapp = (id: string, label: string, connection: boolean): ProviderIntegrationView => ({
  _id: id.padStart(24, 'a'),
  label,
  connection,
  created_at: '2026-01-01T00:00:00.000Z',
  type: 'official',
  provider: 'meta',
  webhookUrl: 'https://api.example/api/webhooks/meta/x',
  credentials: {},
});

describe('WhatsApp connection notices', () => {
  it('says nothing on the first read', () => {
    expect(connectionNotices(undefined, [whatsapp('1', 'Vendas', true)])).toEqual([]);
  });

  it('announces a connection for 4 s and a disconnection for 10 s, with the spec texts', () => {
    const before = [whatsapp('1', 'Vendas', false), whatsapp('2', 'Suporte', true)];
    const after = [whatsapp('1', 'Vendas', true), whatsapp('2', 'Suporte', false)];
    expect(connectionNotices(before, after)).toEqual([
      { kind: 'success', text: 'Whatsapp: Vendas conectada.', seconds: 4 },
      { kind: 'warning', text: 'Whatsapp: Suporte desconectada.', seconds: 10 },
    ]);
  });

  it('ignores unchanged, new and non-WhatsApp integrations', () => {
    const telegram: ProviderIntegrationView = {
      ...whatsapp('3', 'Bot', false),
      type: 'telegram',
      provider: 'telegram',
    };
    const before = [whatsapp('1', 'Vendas', true), telegram];
    const after = [
      whatsapp('1', 'Vendas', true),
      { ...telegram, connection: true },
      whatsapp('4', 'Nova', true),
    ];
    expect(connectionNotices(before, after)).toEqual([]);
  });

  it('announces the unofficial (QR) WhatsApp session the same way', () => {
    const session = (connection: boolean): UnofficialIntegrationView => ({
      _id: 'b'.repeat(24),
      label: 'Loja',
      connection,
      created_at: '2026-01-01T00:00:00.000Z',
      type: 'unofficial',
      phone: '558530002000',
      session: { state: connection ? 'open' : 'closed' },
    });
    expect(connectionNotices([session(true)], [session(false)])).toEqual([
      { kind: 'warning', text: 'Whatsapp: Loja desconectada.', seconds: 10 },
    ]);
    expect(connectionNotices([session(false)], [session(true)])).toEqual([
      { kind: 'success', text: 'Whatsapp: Loja conectada.', seconds: 4 },
    ]);
  });
});

describe('notices from frames and lists, each flip once', () => {
  const frame = (id: string, label: string, connection: boolean) => ({
    integration: id.padStart(24, 'a'),
    connection,
    label,
    notice: { content: 'x' },
  });

  it('announces a drop and a quick reconnection the list never saw, and not again when the list catches up', () => {
    const tracker = createNoticeTracker();
    const open = [whatsapp('1', 'Loja', true)];
    expect(tracker.fromLists(undefined, open)).toEqual([]);
    expect(tracker.fromFrame(frame('1', 'Loja', false))).toEqual({
      kind: 'warning',
      text: 'Whatsapp: Loja desconectada.',
      seconds: 10,
    });
    expect(tracker.fromFrame(frame('1', 'Loja', true))?.text).toBe('Whatsapp: Loja conectada.');
    expect(tracker.fromLists(open, open)).toEqual([]);
  });

  it('skips the list flip a frame already announced, but says flips only the list shows', () => {
    const tracker = createNoticeTracker();
    tracker.fromFrame(frame('1', 'Loja', false));
    expect(tracker.fromLists([whatsapp('1', 'Loja', true)], [whatsapp('1', 'Loja', false)])).toEqual([]);
    expect(tracker.fromLists([whatsapp('1', 'Loja', false)], [whatsapp('1', 'Loja', true)])).toEqual([
      { kind: 'success', text: 'Whatsapp: Loja conectada.', seconds: 4 },
    ]);
  });

  it('says a flip once when the list shows it before its frame arrives, or a frame comes twice', () => {
    const tracker = createNoticeTracker();
    tracker.fromLists(undefined, [whatsapp('1', 'Loja', false)]);
    expect(tracker.fromLists([whatsapp('1', 'Loja', false)], [whatsapp('1', 'Loja', true)])).toEqual([
      { kind: 'success', text: 'Whatsapp: Loja conectada.', seconds: 4 },
    ]);
    expect(tracker.fromFrame(frame('1', 'Loja', true))).toBeUndefined();
    expect(tracker.fromFrame(frame('1', 'Loja', false))?.text).toBe('Whatsapp: Loja desconectada.');
    expect(tracker.fromFrame(frame('1', 'Loja', false))).toBeUndefined();
    expect(tracker.fromLists([whatsapp('1', 'Loja', true)], [whatsapp('1', 'Loja', false)])).toEqual([]);
  });

  it('ignores frames without a flip', () => {
    const tracker = createNoticeTracker();
    expect(
      tracker.fromFrame({ integration: 'a'.repeat(24), connection: true, label: 'Loja' }),
    ).toBeUndefined();
  });
});
