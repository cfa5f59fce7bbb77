import { newClaimItems, newDerivedPuts, newProfilePut } from '@atende/functions/contacts/new-contact';
import type { ContactRecord } from '@atende/functions/contacts/records';
import { newContactRecord } from '@atende/functions/contacts/service';
import { importedContactId } from '@atende/functions/imports/import-rows';
import { type Unit, writeRows } from '@atende/functions/imports/import-writes';
import type { ImportJob } from '@atende/functions/imports/jobs';
import { newObjectId } from '@atende/shared/domain/object-id';
import { benchRow } from './contacts.ts';
import { formatRow } from './stats.ts';

/**
 * The ceiling of the contact import on this emulator: the import's own write path (`writeRows`: the same
 * items per row, 100 to a transaction, the same transactions in flight) on rows built in memory, with none of
 * the import's reading (file, claims checked first, progress, checkpoints) and no stream consumer ahead of it.
 * Printed beside the import's rate, it says how much of the import's time is the emulator's writes alone.
 * Runs in the bench's process, which the runtime has configured (table names, endpoint), into a company of
 * its own, so its claims never meet the imported rows'.
 */
export async function benchContactWriteCeiling(options: {
  rows: number;
  putItemRate: number;
  /** Which generated rows: past the imported ones, so names and phones are the same shape, not the same. */
  firstRow: number;
}): Promise<void> {
  const company = newObjectId();
  const jobId = newObjectId();
  const tag = newObjectId();
  const now = new Date().toISOString();
  const units: Unit[] = [];
  for (let i = 0; i < options.rows; i += 1) {
    const row = benchRow(options.firstRow + i);
    const digits = row.phone.replace(/\D/g, '');
    // Every generated row has a phone, which settles the channel (`settledChannel`) as WhatsApp.
    const record: ContactRecord = {
      ...newContactRecord(company, now, null, 'import'),
      _id: importedContactId(jobId, i + 1),
      full_name: row.name,
      cel_phone: `55${digits}`,
      email: row.email,
      tags: row.tagged ? [tag] : [],
      channel: 'whatsapp',
    };
    units.push({
      outcome: { row: i + 1, status: 'created', customer: record._id },
      steps: [
        ...newClaimItems(record).map(({ field, item }) => ({ item, failure: field })),
        { item: newProfilePut(record), failure: 'written' as const },
        ...newDerivedPuts(record).map((item) => ({ item })),
      ],
    });
  }
  const items = units.reduce((sum, unit) => sum + unit.steps.length, 0);
  const job = { _id: jobId, company } as ImportJob;
  const started = performance.now();
  const outcomes = await writeRows(job, units, new Map());
  const seconds = (performance.now() - started) / 1000;
  const created = outcomes.filter((outcome) => outcome.status === 'created').length;
  if (created !== options.rows) throw new Error(`the ceiling run created ${created} of ${options.rows} rows`);
  console.log(
    formatRow(`contact writes alone (import's transactions)`, {
      rows: options.rows,
      'items/row': items / options.rows,
      'rows/s': options.rows / seconds,
      'items/s': items / seconds,
      'PutItem/s': options.putItemRate,
      'items/s of PutItem/s': (items / seconds / options.putItemRate).toFixed(2),
    }),
  );
}
