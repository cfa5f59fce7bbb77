/*
 * Where a campaign's send rate goes (BENCH_TRACE_PAUSES=1, off by default; for the benchmark): every send of
 * this process is timed, and a pause longer than PAUSE_MS between one send and the next is put down to what
 * was under way during it, each phase by the time at least one of its spans covered the pause (phases nest and
 * overlap: a lane awaiting the claimer while the claimer awaits its transaction covers both). The time no chunk
 * was being sent at all is the gap between chunks (the queue's delete and receive, the consumer's start).
 */

/** A pause worth explaining: the bench counts those above a tenth of a second. */
const PAUSE_MS = 100;
/** Spans kept this long after they end (longer pauses are explained in part). */
const KEEP_MS = 10_000;
const OUTSIDE_CHUNKS = 'between chunks';

interface Span {
  phase: string;
  start: number;
  end: number | undefined;
}

export interface PauseTraceSummary {
  pauses: number;
  pausedMs: number;
  /** Per phase: the paused time it covered, and the pauses it covered more than half of. */
  phases: Record<string, { coveredMs: number; mostOf: number }>;
}

const state = {
  spans: [] as Span[],
  lastSend: undefined as number | undefined,
  pruned: 0,
  summary: { pauses: 0, pausedMs: 0, phases: {} } as PauseTraceSummary,
};

export const pauseTraceOn = () => process.env.BENCH_TRACE_PAUSES === '1';

/** The time the spans of `phase` cover within [from, to] (their union, so concurrent spans count once). */
function covered(spans: readonly Span[], from: number, to: number, now: number): number {
  const parts = spans
    .map((span) => [Math.max(from, span.start), Math.min(to, span.end ?? now)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = from;
  for (const [start, end] of parts) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
}

function explain(from: number, to: number) {
  const { summary } = state;
  summary.pauses += 1;
  summary.pausedMs += to - from;
  const byPhase = new Map<string, Span[]>();
  for (const span of state.spans) byPhase.set(span.phase, [...(byPhase.get(span.phase) ?? []), span]);
  const chunks = byPhase.get('chunk') ?? [];
  byPhase.delete('chunk');
  const coverage = new Map([...byPhase].map(([phase, spans]) => [phase, covered(spans, from, to, to)]));
  coverage.set(OUTSIDE_CHUNKS, to - from - covered(chunks, from, to, to));
  for (const [phase, ms] of coverage) {
    if (ms <= 0) continue;
    const entry = (summary.phases[phase] ??= { coveredMs: 0, mostOf: 0 });
    entry.coveredMs += ms;
    if (ms * 2 > to - from) entry.mostOf += 1;
  }
}

/** Times `work` as a span of `phase` (nothing when the trace is off). */
export async function traced<T>(phase: string, work: () => Promise<T>): Promise<T> {
  if (!pauseTraceOn()) return work();
  const span: Span = { phase, start: Date.now(), end: undefined };
  state.spans.push(span);
  try {
    return await work();
  } finally {
    span.end = Date.now();
  }
}

/** A send is about to leave: a pause since the previous one is explained. */
export function traceSend() {
  if (!pauseTraceOn()) return;
  const now = Date.now();
  const last = state.lastSend;
  state.lastSend = now;
  if (last !== undefined && now - last > PAUSE_MS) explain(last, now);
  if (now - state.pruned < 1000) return;
  state.pruned = now;
  state.spans = state.spans.filter((span) => span.end === undefined || span.end > now - KEEP_MS);
}

/** What the pauses so far were put down to. */
export const pauseTraceSummary = (): PauseTraceSummary => structuredClone(state.summary);
