import { newObjectId } from '@atende/shared/domain/object-id';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { beforeAll, describe, expect, it } from 'vitest';
import { readContact } from '../contacts/store.ts';
import { useTestTables } from '../testing/dynamodb.ts';
import { importedContactId, importGroup } from './import-rows.ts';
import { readOutcomes } from './jobs.ts';
import { testImportJob, testRowContext } from './test-job.ts';

beforeAll(async () => {
  await useTestTables();
});

const context = testRowContext();
const jobOf = (company: string) => testImportJob(company);

describe('importGroup', () => {
  const rows = [
    [0, { Nome: 'Primeira', Telefone: '(85) 93333-0101' }],
    [1, { Nome: 'Mesmo Número', Telefone: '+55 85 93333 0101' }],
    [2, { Nome: '', Telefone: '' }],
  ] as const;

  it('writes each row once: the first of two rows with one number wins, a rerun finds it written', async () => {
    const job = jobOf(newObjectId());
    const first = await importGroup(job, rows, context);
    expect(first).toEqual([
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
    const written = await readContact(job.company, importedContactId(job._id, 1));
    expect(written).toMatchObject({ full_name: 'Primeira', cel_phone: '+5585933330101', version: 1 });
    // Only refused and duplicate rows keep an outcome item: the error report reads just those.
    expect((await readOutcomes(job.company, job._id)).map((outcome) => outcome.row)).toEqual([2, 3]);
    expect(await importGroup(job, rows, context)).toEqual(first);
    expect(await readContact(job.company, importedContactId(job._id, 1))).toEqual(written);
  });

  it('gives two runs racing over the same rows one contact per row and the same outcomes', async () => {
    const job = jobOf(newObjectId());
    const own = [
      [0, { Nome: 'Corrida Um', Telefone: '(85) 93333-0201' }],
      [1, { Nome: 'Corrida Dois', Telefone: '(85) 93333-0202' }],
    ] as const;
    const [a, b] = await Promise.all([importGroup(job, own, context), importGroup(job, own, context)]);
    expect(a).toEqual(b);
    expect(a.map((outcome) => outcome.status)).toEqual(['created', 'created']);
    for (const row of [1, 2]) {
      expect(await readContact(job.company, importedContactId(job._id, row))).toMatchObject({ version: 1 });
    }
  });

  it('takes a number another contact holds for a duplicate', async () => {
    const job = jobOf(newObjectId());
    await importGroup(job, [rows[0]], context);
    const later = { ...jobOf(job.company), _id: newObjectId() };
    expect(await importGroup(later, [[0, { Nome: 'Outra', Telefone: '85 93333 0101' }]], context)).toEqual([
      {
        row: 1,
        status: 'duplicate',
        field: 'cel_phone',
        reason: ptBR.contacts.importDuplicate,
        raw: { Nome: 'Outra', Telefone: '85 93333 0101' },
      },
    ]);
    expect(await readContact(job.company, importedContactId(later._id, 1))).toBeUndefined();
  });
});
