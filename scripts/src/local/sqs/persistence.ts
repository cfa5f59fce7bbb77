import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PersistedState, QueueState } from './model.ts';

const STATE_FILE = 'sqs-state.json';

/**
 * Reads the queues saved in `dataDir`. Messages that were in flight when the process stopped are visible again:
 * their consumers are gone with the old process. Delayed messages keep their delay.
 */
export async function loadQueues(dataDir: string, now: number): Promise<QueueState[]> {
  let text: string;
  try {
    text = await readFile(join(dataDir, STATE_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const state = JSON.parse(text) as PersistedState;
  if (state.version !== 1) throw new Error(`Unknown local SQS state version in ${dataDir}`);
  for (const queue of state.queues) {
    for (const message of queue.messages) {
      if (message.receiveCount > 0 && message.visibleAt > now) message.visibleAt = now;
    }
  }
  return state.queues;
}

/**
 * Writes the state atomically and durably (temp file, fsync, rename, fsync of the folder), coalescing bursts
 * of changes into one write. `durable()` is the group commit: it resolves once a write that includes every
 * change made before the call is on disk, so an answer sent after it survives a crash.
 */
export class StateWriter {
  private dirty = false;
  /** Changes made so far, and how many of them the last completed write holds. */
  private version = 0;
  private persisted = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private failure: unknown;
  private closed = false;

  constructor(
    private readonly dataDir: string,
    private readonly snapshot: () => PersistedState,
    private readonly delayMs = 20,
  ) {}

  schedule(): void {
    if (this.closed) return;
    this.version += 1;
    this.dirty = true;
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
      else if (this.dirty) await this.writeNow();
      else break;
    }
    if (this.failure) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  /** Resolves when every change made before the call is on disk; rejects if that write failed. */
  async durable(): Promise<void> {
    const target = this.version;
    while (this.persisted < target && !this.closed) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
      // Callers arriving while a write runs wait for it, then share the next one: one fsync per group.
      await (this.writing ?? this.writeNow());
      if (this.failure) {
        const failure = this.failure;
        this.failure = undefined;
        throw failure;
      }
    }
  }

  /** Flushes, then ignores later changes: a closed endpoint must not write into a folder it handed back. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private writeNow(): Promise<void> {
    this.dirty = false;
    const version = this.version;
    const text = JSON.stringify(this.snapshot());
    this.writing = this.write(text)
      .then(() => {
        this.persisted = Math.max(this.persisted, version);
      })
      .catch((error: unknown) => {
        this.failure = error;
      })
      .finally(() => {
        this.writing = undefined;
        if (this.dirty && !this.timer) this.schedule();
      });
    return this.writing;
  }

  private async write(text: string): Promise<void> {
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
      const folder = await open(this.dataDir, 'r');
      try {
        await folder.sync();
      } finally {
        await folder.close();
      }
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }
}
