import { newObjectId } from '@atende/shared/domain/object-id';
import type { RowContext } from './import-rows.ts';
import type { ImportJob } from './jobs.ts';

/** Test support: a running import job of `company` with a name (and phone) mapping, for importGroup. */
export const testImportJob = (company: string, overrides: Partial<ImportJob> = {}): ImportJob => ({
  _id: newObjectId(),
  company,
  status: 'running',
  file_name: 'base.csv',
  file_key: 'k',
  format: 'csv',
  headers: ['Nome', 'Telefone'],
  mapping: { full_name: 'Nome', cel_phone: 'Telefone' },
  wallet: null,
  tags: [],
  created_by: newObjectId(),
  total: 0,
  counted: true,
  processed: 0,
  created: 0,
  duplicates: 0,
  errors: 0,
  error_rows: [],
  created_at: new Date().toISOString(),
  finished_at: null,
  ...overrides,
});

/** Test support: a row context knowing `tags` (ids) and nothing else. */
export const testRowContext = (tags: readonly string[] = []): RowContext => ({
  tags: new Set(tags),
  wallets: new Set(),
  customFields: [],
  tagsByName: new Map(),
});
