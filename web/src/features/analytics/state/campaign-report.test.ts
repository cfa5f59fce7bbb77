import type { CampaignReportRow } from '@atende/shared/contracts/analytics/campaign-report';
import { describe, expect, it } from 'vitest';
import { campaignChannelLabel, campaignStatusLabel } from './campaign-report.ts';

const row: CampaignReportRow = {
  _id: 'c1',
  name: 'Black Friday',
  channel: 'official',
  integration: 'i1',
  integration_label: 'Oficial Vendas',
  status: 6,
  paused: false,
  started_at: '2026-11-02T13:00:00.000Z',
  targeted: 12_500,
  excluded: 2,
  sent: 12_498,
  delivered: 12_000,
  read: 9_001,
  replied: 40,
  failed: 498,
};

describe('campaigns report cells', () => {
  it.each([
    [0, 'Criada'],
    [1, 'Agendada'],
    [2, 'Em andamento'],
    [4, 'Cancelada'],
    [5, 'Disparo iniciado'],
    [6, 'Disparo finalizado'],
  ])('names status %s "%s"', (status, label) => {
    expect(campaignStatusLabel({ status: status as CampaignReportRow['status'], paused: false })).toBe(label);
  });

  it('says "Pausada" for a paused sending campaign', () => {
    expect(campaignStatusLabel({ status: 5, paused: true })).toBe('Pausada');
  });

  it('names the channel and the number, or the channel alone when the number was removed', () => {
    expect(campaignChannelLabel(row)).toBe('WhatsApp oficial · Oficial Vendas');
    expect(campaignChannelLabel({ channel: 'whatsapp', integration_label: '' })).toBe('WhatsApp');
  });
});
