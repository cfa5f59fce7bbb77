import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { MEDIA_DB, openMediaDb } from './media-cache.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-11-21T12:00:00Z');
const record = (messageId: string, ageDays: number) => ({
  message_id: messageId,
  file: `data:image/png;base64,${messageId}`,
  created_at: new Date(NOW.getTime() - ageDays * DAY).toISOString(),
});

afterEach(async () => {
  await deleteDB(MEDIA_DB.name);
});

describe('IndexedDB media cache', () => {
  it('is database version 1 named for medias with a unique message_id index', async () => {
    const db = await openMediaDb(NOW);
    expect(db.name).toBe('medias');
    expect(db.version).toBe(1);
    const store = db.transaction('medias').store;
    expect(store.autoIncrement).toBe(true);
    expect(store.index('message_id').unique).toBe(true);
    const id = await db.add('medias', record('a'.repeat(24), 0));
    expect(await db.get('medias', id)).toMatchObject({ id, message_id: 'a'.repeat(24) });
    await expect(db.add('medias', record('a'.repeat(24), 0))).rejects.toThrow();
    db.close();
  });

  it('deletes entries older than 15 days when opened', async () => {
    const first = await openMediaDb(NOW);
    await first.add('medias', record('1'.repeat(24), 1));
    await first.add('medias', record('2'.repeat(24), 14));
    await first.add('medias', record('3'.repeat(24), 16));
    first.close();
    const reopened = await openMediaDb(NOW);
    const kept = (await reopened.getAll('medias')).map((entry) => entry.message_id);
    expect(kept).toEqual(['1'.repeat(24), '2'.repeat(24)]);
    reopened.close();
    const later = await openMediaDb(new Date(NOW.getTime() + 2 * DAY));
    expect((await later.getAll('medias')).map((entry) => entry.message_id)).toEqual(['1'.repeat(24)]);
    later.close();
  });
});
