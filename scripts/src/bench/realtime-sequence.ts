import { companyRoom } from '@atende/shared/realtime/rooms';
import { newObjectId } from '@atende/shared/domain/object-id';
import { serverFrame } from '@atende/shared/realtime/server-frame';
import { publishToRoom } from '@atende/functions/realtime/publish';
import { listenUntil } from '@atende/functions/realtime/sequence-store';
import { missedFrames, sequenceFor } from '@atende/functions/realtime/sequence';
import { formatRow, percentile } from './stats.ts';

/** A new-message frame of a realistic size (~2 KB: the conversation view and one text message). */
function sampleFrame(companyId: string) {
  return serverFrame('tmail-new', companyId, {
    tmail: newObjectId(),
    from: 'Operadora Ana',
    subject: 'Resumo do atendimento '.repeat(90),
  });
}

async function timed(samples: number, concurrency: number, task: (i: number) => Promise<unknown>) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < samples) {
        const i = next++;
        const start = performance.now();
        await task(i);
        durations.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    samples,
    concurrency,
    'p50 ms': percentile(durations, 50),
    'p95 ms': percentile(durations, 95),
    'per s': samples / seconds,
  };
}

/**
 * Issue 20 item 14: what numbering and keeping every realtime frame costs. Per frame and receiver it is one
 * counter update and one put (sequenceFor); a company-wide frame pays it once per listener, in parallel. The
 * replay read is what a reconnecting client pays once. Runs against the runtime's DynamoDB Local (in process).
 */
export async function benchRealtimeSequence(frames = 400, listeners = 50): Promise<void> {
  const companyId = newObjectId();
  const employeeId = newObjectId();
  const frame = sampleFrame(companyId);
  console.log(
    formatRow(
      'realtime seq per frame (serial)',
      await timed(frames, 1, () => sequenceFor(companyId, employeeId, frame)),
    ),
  );
  console.log(
    formatRow(
      'realtime seq per frame (8 racing)',
      await timed(frames, 8, () => sequenceFor(companyId, employeeId, frame)),
    ),
  );
  const broadcastCompany = newObjectId();
  const until = Math.floor(Date.now() / 1000) + 3600;
  await Promise.all(
    Array.from({ length: listeners }, () => listenUntil(broadcastCompany, newObjectId(), until)),
  );
  console.log(
    formatRow(
      `realtime company frame, ${listeners} listeners`,
      await timed(40, 1, () =>
        publishToRoom(broadcastCompany, companyRoom(broadcastCompany), 'admin-update-employees', {}),
      ),
    ),
  );
  const head = (await missedFrames({ companyId, employeeId }, undefined)).seq;
  console.log(
    formatRow(
      'realtime replay of 50 missed frames',
      await timed(100, 1, () => missedFrames({ companyId, employeeId }, head - 50)),
    ),
  );
}
