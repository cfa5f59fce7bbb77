import { plural } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { describe, expect, it } from 'vitest';
import { describeTimelineEntry } from './timeline-text.ts';

const conversation = (messages_count: number, channel: string, status: string) => ({
  kind: 'conversation' as const,
  at: '2026-11-25T10:00:00.000Z',
  conversation: 'a'.repeat(24),
  protocol: '20261125000001',
  channel,
  status,
  messages_count,
});

/** Issue 20 item 8: the words users read come from the catalogue, in Portuguese, with plural forms. */
describe('timeline and count words', () => {
  it('names the channel and status in Portuguese and agrees the number', () => {
    expect(describeTimelineEntry(conversation(5, 'telegram', 'closed'), new Map())).toBe(
      'Conversa 20261125000001 (Telegram): 5 mensagens, Encerrado',
    );
    expect(describeTimelineEntry(conversation(1, 'telegram', 'in_service'), new Map())).toBe(
      'Conversa 20261125000001 (Telegram): 1 mensagem, Em atendimento',
    );
  });

  it('says "1 contato carregado" and "0 contatos carregados"', () => {
    const forms = ptBR.contactsScreens.contacts.count;
    expect([plural(forms, 1), plural(forms, 0), plural(forms, 20)]).toEqual([
      '1 contato carregado',
      '0 contatos carregados',
      '20 contatos carregados',
    ]);
  });
});
