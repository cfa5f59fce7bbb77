import type { ExportView } from '@atende/shared/contracts/contacts/exports';
import { describe, expect, it } from 'vitest';
import { exportPercent } from './use-wallet-export.ts';

const view = (overrides: Partial<ExportView>): ExportView => ({
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  status: 'running',
  total: 0,
  processed: 0,
  expected: 200,
  created_at: '2026-11-25T10:00:00.000Z',
  finished_at: null,
  url: null,
  expires_in: null,
  file_name: 'carteira-norte.csv',
  ...overrides,
});

describe('wallet export progress', () => {
  it.each([
    { clause: 'nothing yet', value: undefined, percent: 0 },
    { clause: 'half the wallet written', value: view({ processed: 100 }), percent: 50 },
    { clause: 'every row but not stored yet stays under 100', value: view({ processed: 200 }), percent: 99 },
    { clause: 'contacts added meanwhile never pass 99', value: view({ processed: 300 }), percent: 99 },
    { clause: 'done', value: view({ status: 'done', processed: 200 }), percent: 100 },
    { clause: 'unknown count', value: view({ expected: null, processed: 10 }), percent: 0 },
  ])('$clause: $percent%', ({ value, percent }) => {
    expect(exportPercent(value)).toBe(percent);
  });
});
