import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JournalEntry, PersistedState, QueueState, StoredMessage } from './model.ts';

const STATE_FILE = 'sqs-state.json';
const JOURNAL = /^sqs-journal-(\d+)\.ndjson$/;
const journalFile = (generation: number) => `sqs-journal-${generation}.ndjson`;

/** Past this many journal bytes the next write is a new snapshot instead (and the journal starts over). */
const COMPACT_AFTER_BYTES = 16 * 1024 * 1024;

export interface StoredQueues {
  queues: QueueState[];
  /** The snapshot's generation: its journal is the one changes are appended to. */
  generation: number;
  /** Journal bytes replayed over the snapshot (a non-empty journal is folded into a snapshot on the next write). */
  journalBytes: number;
}

/** Applies one journal entry to the queues being rebuilt (messages by id, in send order). */
function replay(
  queues: Map<string, { queue: QueueState; messages: Map<string, StoredMessage> }>,
  entry: JournalEntry,
): void {
  if (entry.t === 'queue') {
    const existing = queues.get(entry.q);
    if (existing) Object.assign(existing.queue, entry.queue);
    else
      queues.set(entry.q, {
        queue: { ...entry.queue, messages: [], deduplication: {} },
        messages: new Map(),
      });
    return;
  }
  const target = queues.get(entry.q);
  if (!target) return;
  switch (entry.t) {
    case 'put':
      // A Map keeps its first insertion's place: a message put again stays where it was sent.
      target.messages.set(entry.m.id, entry.m);
      if (entry.next !== undefined) target.queue.nextSequence = entry.next;
      if (entry.dedup) target.queue.deduplication[entry.dedup[0]] = entry.dedup[1];
      return;
    case 'delivery': {
      const message = target.messages.get(entry.id);
      if (message) Object.assign(message, entry.d);
      return;
    }
    case 'delete':
      for (const id of entry.ids) target.messages.delete(id);
      return;
    case 'purge':
      target.messages.clear();
      target.queue.lastPurgeAt = entry.at;
      return;
  }
}

/**
 * Reads the queues saved in `dataDir`: the last snapshot, then its journal replayed in order (a last line cut
 * short by a crash was never acknowledged and is left out). Messages that were in flight when the process
 * stopped are visible again: their consumers are gone with the old process. Delayed messages keep their delay.
 * Journals of other generations (left by a crash during a snapshot) are removed.
 */
export async function loadQueues(dataDir: string, now: number): Promise<StoredQueues> {
  let state: PersistedState = { version: 1, queues: [] };
  try {
    state = JSON.parse(await readFile(join(dataDir, STATE_FILE), 'utf8')) as PersistedState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (state.version !== 1) throw new Error(`Unknown local SQS state version in ${dataDir}`);
  const generation = state.generation ?? 0;
  const queues = new Map(
    state.queues.map((queue) => [
      queue.name,
      { queue, messages: new Map(queue.messages.map((message) => [message.id, message])) },
    ]),
  );
  let journal = '';
  try {
    journal = await readFile(join(dataDir, journalFile(generation)), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const lines = journal.split('\n');
  // The text after the last newline is a write the crash cut short (or nothing).
  lines.pop();
  for (const [index, line] of lines.entries()) {
    try {
      replay(queues, JSON.parse(line) as JournalEntry);
    } catch (error) {
      throw new Error(`Unreadable local SQS journal line ${index + 1} in ${dataDir}`, { cause: error });
    }
  }
  const stale = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of stale) {
    const match = JOURNAL.exec(name);
    if (match && Number(match[1]) !== generation) await rm(join(dataDir, name), { force: true });
  }
  const rebuilt = [...queues.values()].map(({ queue, messages }) => {
    queue.messages = [...messages.values()];
    for (const message of queue.messages) {
      if (message.receiveCount > 0 && message.visibleAt > now) message.visibleAt = now;
    }
    return queue;
  });
  return { queues: rebuilt, generation, journalBytes: Buffer.byteLength(journal) };
}

async function syncFolder(dataDir: string): Promise<void> {
  const folder = await open(dataDir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * Keeps the queues on disk as a snapshot plus a journal of changes since it: each change is a line appended
 * to the journal, so committing a send costs the few bytes of the send, not a rewrite of every queue (which,
 * under a burst's backlog, made every SendMessage wait on hundreds of KB written and synced). Changes are
 * grouped: `durable()` is the group commit, resolving once a write that holds every change made before the
 * call is synced, so an answer sent after it survives a crash. Past COMPACT_AFTER_BYTES (and after a write
 * failed, or once after a start that replayed a journal) the next write is a new snapshot, written atomically
 * (temp file, fsync, rename, fsync of the folder) under the next generation, whose journal starts empty.
 */
export class StateWriter {
  private lines: string[] = [];
  /** Changes recorded so far, and how many of them the last completed write holds. */
  private version = 0;
  private persisted = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private failure: unknown;
  private closed = false;
  private journal: FileHandle | undefined;
  private journalBytes: number;
  private generation: number;
  private snapshotNext: boolean;

  constructor(
    private readonly dataDir: string,
    private readonly snapshot: () => PersistedState,
    stored: Pick<StoredQueues, 'generation' | 'journalBytes'> = { generation: 0, journalBytes: 0 },
    private readonly delayMs = 20,
    private readonly compactAfterBytes = COMPACT_AFTER_BYTES,
  ) {
    this.generation = stored.generation;
    this.journalBytes = stored.journalBytes;
    // A replayed journal may end in a line cut short: the next write starts a clean one.
    this.snapshotNext = stored.journalBytes > 0;
  }

  /** A change was made in memory: it goes to disk with the next write. */
  record(entry: JournalEntry): void {
    if (this.closed) return;
    this.lines.push(JSON.stringify(entry));
    this.version += 1;
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeNow();
    }, this.delayMs);
  }

  /** Writes pending changes now; rejects with the last write failure, if any. */
  async flush(): Promise<void> {
    for (;;) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
      if (this.writing) await this.writing;
      else if (this.persisted < this.version) await this.writeNow();
      else break;
    }
    this.rethrow();
  }

  /** Resolves when every change made before the call is on disk; rejects if that write failed. */
  async durable(): Promise<void> {
    const target = this.version;
    while (this.persisted < target && !this.closed) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
      // Callers arriving while a write runs wait for it, then share the next one: one sync per group.
      await (this.writing ?? this.writeNow());
      this.rethrow();
    }
  }

  /** Flushes, then ignores later changes: a closed endpoint must not write into a folder it handed back. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      this.closed = true;
      await this.journal?.close();
      this.journal = undefined;
    }
  }

  private rethrow(): void {
    if (this.failure) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  private writeNow(): Promise<void> {
    const version = this.version;
    const lines = this.lines;
    this.lines = [];
    const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
    const whole = this.snapshotNext || this.journalBytes + text.length > this.compactAfterBytes;
    // Taken now, with the lines: the snapshot holds exactly the changes up to `version`.
    const state = whole ? JSON.stringify({ ...this.snapshot(), generation: this.generation + 1 }) : '';
    this.writing = (whole ? this.writeSnapshot(state) : this.append(text))
      .then(() => {
        this.persisted = Math.max(this.persisted, version);
      })
      .catch((error: unknown) => {
        this.failure = error;
        // The lines are gone from the buffer: the next write is a whole snapshot, which holds them.
        this.snapshotNext = true;
      })
      .finally(() => {
        this.writing = undefined;
        if (this.persisted < this.version && !this.timer && !this.closed) {
          this.timer = setTimeout(() => {
            this.timer = undefined;
            void this.writeNow();
          }, this.delayMs);
        }
      });
    return this.writing;
  }

  private async append(text: string): Promise<void> {
    if (text === '') return;
    if (!this.journal) {
      await mkdir(this.dataDir, { recursive: true });
      this.journal = await open(join(this.dataDir, journalFile(this.generation)), 'a');
      // The journal's own name must reach the disk too, or a crash could lose the file with its lines.
      await syncFolder(this.dataDir);
    }
    await this.journal.appendFile(text, 'utf8');
    await this.journal.datasync();
    this.journalBytes += Buffer.byteLength(text);
  }

  private async writeSnapshot(text: string): Promise<void> {
    await mkdir(this.dataDir, { recursive: true });
    const target = join(this.dataDir, STATE_FILE);
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      const file = await open(temp, 'w');
      try {
        await file.writeFile(text, 'utf8');
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temp, target);
      // The rename itself must reach the disk too, or a crash could bring back the previous file.
      await syncFolder(this.dataDir);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    // The new snapshot holds everything the old journal did: changes from here on go to a journal of its own.
    await this.journal?.close();
    this.journal = undefined;
    await rm(join(this.dataDir, journalFile(this.generation)), { force: true });
    this.generation += 1;
    this.journalBytes = 0;
    this.snapshotNext = false;
  }
}
