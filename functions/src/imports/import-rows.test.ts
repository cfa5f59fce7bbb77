import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { readContact } from '../contacts/store.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { importedContactId, importGroup, type RowContext } from './import-rows.ts';
import type { ImportJob } from './jobs.ts';

beforeAll(async () => {
  await useTestTables();
});

const context: RowContext = { tags: new Set(), wallets: new Set(), customFields: [], tagsByName: new Map() };

const jobOf = (company: string): ImportJob => ({
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
  total: 3,
  counted: true,
  processed: 0,
  created: 0,
  duplicates: 0,
  errors: 0,
  error_rows: [],
  created_at: new Date().toISOString(),
  finished_at: null,
});

describe('importGroup', () => {
  it('writes each row once: the first of two rows with one number wins, a rerun changes nothing', async () => {
    const job = jobOf(newObjectId());
    const rows = [
      [0, { Nome: 'Primeira', Telefone: '(85) 93333-0101' }],
      [1, { Nome: 'Mesmo Número', Telefone: '+55 85 93333 0101' }],
      [2, { Nome: '', Telefone: '' }],
    ] as const;
    const first = await importGroup(job, rows, context);
    expect(first.raced).toBe(false);
    expect(first.outcomes).toEqual([
      { row: 1, status: 'created', customer: importedContactId(job._id, 1) },
      {
        row: 2,
        status: 'duplicate',
        field: 'cel_phone',
        reason: ptBR.contacts.importDuplicate,
        raw: rows[1][1],
      },
      { row: 3, status: 'error', field: 'full_name', reason: ptBR.forms.requiredField, raw: rows[2][1] },
    ]);
    expect(await readContact(job.company, importedContactId(job._id, 1))).toMatchObject({
      full_name: 'Primeira',
      cel_phone: '+5585933330101',
      version: 1,
    });
    const again = await importGroup(job, rows, context);
    expect(again).toEqual({ outcomes: [], raced: true });
  });
});
