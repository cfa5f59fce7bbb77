import type { CachedMessageFile } from '@atende/shared/domain/message';
import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import { expiredRecordIds } from './expiry.ts';

/** Spec point 9: database version 1 named for medias, one store, unique index on the message id. */
export const MEDIA_DB = { name: 'medias', version: 1, store: 'medias', index: 'message_id' } as const;

export interface CachedFile {
  id?: number;
  message_id: string;
  /** The file as a data URL, so it survives without the signed URL that fetched it. */
  file: string;
  created_at: string;
}

interface MediaSchema extends DBSchema {
  medias: { key: number; value: CachedFile; indexes: { message_id: string } };
}

type MediaDb = IDBPDatabase<MediaSchema>;

async function deleteExpired(db: MediaDb, now: Date): Promise<void> {
  const tx = db.transaction(MEDIA_DB.store, 'readwrite');
  const ids = expiredRecordIds(await tx.store.getAll(), now);
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Opens the database (creating it at version 1) and deletes entries older than 15 days, as every open does. */
export async function openMediaDb(now: Date = new Date()): Promise<MediaDb> {
  const db = await openDB<MediaSchema>(MEDIA_DB.name, MEDIA_DB.version, {
    upgrade(database) {
      const store = database.createObjectStore(MEDIA_DB.store, { keyPath: 'id', autoIncrement: true });
      store.createIndex(MEDIA_DB.index, 'message_id', { unique: true });
    },
  });
  await deleteExpired(db, now);
  return db;
}

let opening: Promise<MediaDb> | undefined;

/** One open per page load. */
const mediaCache = (): Promise<MediaDb> => (opening ??= openMediaDb());

export async function readCachedFile(messageId: string): Promise<string | undefined> {
  const db = await mediaCache();
  return (await db.getFromIndex(MEDIA_DB.store, MEDIA_DB.index, messageId))?.file;
}

/** A second write for the same message is a no-op: the unique index keeps the first. */
export async function cacheFile(record: Omit<CachedMessageFile, 'id'>): Promise<void> {
  const db = await mediaCache();
  const existing = await db.getKeyFromIndex(MEDIA_DB.store, MEDIA_DB.index, record.message_id);
  if (existing !== undefined) return;
  await db.add(MEDIA_DB.store, { ...record });
}

const toDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });

/** The cached copy of a message's media, else fetches it once and keeps it; falls back to the URL itself. */
export async function cachedMediaUrl(messageId: string, url: string, maxBytes = 5_000_000): Promise<string> {
  try {
    const cached = await readCachedFile(messageId);
    if (cached) return cached;
    const response = await fetch(url);
    if (!response.ok) return url;
    const blob = await response.blob();
    if (blob.size > maxBytes) return url;
    const file = await toDataUrl(blob);
    await cacheFile({ message_id: messageId, file, created_at: new Date().toISOString() });
    return file;
  } catch {
    // IndexedDB may be unavailable (private mode) or the file not fetchable cross-origin; the signed URL still works.
    return url;
  }
}
