import { TEMPLATE_STATUSES } from '@atende/shared/domain/constants';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { describe, expect, it } from 'vitest';
import { canSyncTemplates, templateIntegrations } from './template-integrations.ts';
import { templateStatusDisplay } from './template-status.ts';

describe('template status display (spec point 4)', () => {
  it('only APPROVED is usable', () => {
    expect(TEMPLATE_STATUSES.filter((status) => templateStatusDisplay(status).usable)).toEqual(['APPROVED']);
  });

  it.each([
    ['APPROVED', 'Aprovado', /pode ser usado/],
    ['PENDING', 'Em análise', /até 24 horas/],
    ['REVISION', 'Em revisão', /Recurso em análise; a revisão leva até 24 horas/],
    ['REJECTED', 'Rejeitado', /não pode ser usado/],
    ['FAILED', 'Falhou', /não pode ser usado/],
    ['DEACTIVATED', 'Desativado', /não pode mais ser usado/],
    ['PAUSED', 'Pausado', /pausado/],
  ] as const)('%s reads %s and explains itself', (status, label, meaning) => {
    const display = templateStatusDisplay(status);
    expect(display.label).toBe(label);
    expect(display.meaning).toMatch(meaning);
  });

  it('colours approved green, in-review blue and refused red', () => {
    expect(templateStatusDisplay('APPROVED').color).toBe('success');
    expect(templateStatusDisplay('PENDING').color).toBe('processing');
    expect(templateStatusDisplay('REVISION').color).toBe('processing');
    expect(templateStatusDisplay('REJECTED').color).toBe('error');
    expect(templateStatusDisplay('FAILED').color).toBe('error');
    expect(templateStatusDisplay('PAUSED').color).toBe('warning');
  });
});

const base = { label: 'x', created_at: '2026-01-01T00:00:00.000Z', connection: true, webhookUrl: '' };
const provider = (
  id: string,
  type: 'official' | 'telegram',
  providerName: string,
  credentials: Record<string, string>,
): IntegrationView => ({ ...base, _id: id.padStart(24, '0'), type, provider: providerName, credentials });

describe('template integrations (spec point 5: only with an access token)', () => {
  const meta = provider('1', 'official', 'meta', { access_token: '••••abcd', waba_id: '123' });
  const metaNoWaba = provider('2', 'official', 'meta', { access_token: '••••abcd' });
  const gupshup = provider('3', 'official', 'gupshup', { api_key: '••••abcd' });
  const noToken = provider('4', 'official', 'dialog', { phone: '5511999990000' });
  const telegram = provider('5', 'telegram', 'telegram', { bot_token: '••••abcd' });

  it('offers official integrations holding an access token or api key, nothing else', () => {
    expect(templateIntegrations([meta, metaNoWaba, gupshup, noToken, telegram]).map((v) => v._id)).toEqual([
      meta._id,
      metaNoWaba._id,
      gupshup._id,
    ]);
  });

  it('syncs only Cloud API providers with a WhatsApp Business account id', () => {
    const [withWaba, withoutWaba, viaGupshup] = templateIntegrations([meta, metaNoWaba, gupshup]);
    expect(withWaba && canSyncTemplates(withWaba)).toBe(true);
    expect(withoutWaba && canSyncTemplates(withoutWaba)).toBe(false);
    expect(viaGupshup && canSyncTemplates(viaGupshup)).toBe(false);
  });
});
