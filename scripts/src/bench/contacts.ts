import { clients } from '@atende/functions/lib/clients';
import { benchApiClient } from './api-client.ts';
import { countDynamoRequests, perMessage, totalOf, traceDynamoRequests, traceRows } from './request-trace.ts';
import { formatRow, percentile } from './stats.ts';

export interface ContactsBenchOptions {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** Rows in the generated file, and so contacts searched over. */
  contacts: number;
  /** Requests per search kind. */
  searches?: number;
  /** The raw DynamoDB Local PutItem rate measured in the same run, the yardstick each figure is printed beside. */
  putItemRate: number;
  /** Whether the runtime's stream pollers have read their streams to the end (Runtime.streamsIdle). */
  streamsIdle: () => boolean;
}

const FIRST = ['João', 'José', 'Antônio', 'Conceição', 'Márcia', 'Lúcia', 'André', 'Fábio', 'Ana', 'Pedro'];
const MIDDLE = ['Maria', 'Luís', 'Helena', 'Inês', 'Caio', 'Júlia', 'Otávio', 'Rosa', 'Vitória', 'Raí'];
const LAST = ['Silva', 'Conceição', 'Araújo', 'Gonçalves', 'Simões', 'Magalhães', 'Brandão', 'Lima', 'Sá'];
const BENCH_TAG = 'Bench VIP';

/** Row i of the generated base: every phone and e-mail unique, names with accents, one in seven tagged. */
export function benchRow(i: number): { name: string; phone: string; email: string; tagged: boolean } {
  const first = FIRST[i % FIRST.length] as string;
  const middle = MIDDLE[Math.floor(i / FIRST.length) % MIDDLE.length] as string;
  const last = LAST[Math.floor(i / (FIRST.length * MIDDLE.length)) % LAST.length] as string;
  const serial = String(i).padStart(7, '0');
  return {
    name: `${first} ${middle} ${last} ${serial}`,
    phone: `(11) 97${serial.slice(0, 3)}-${serial.slice(3)}`,
    email: `contato.${serial}@bench.example`,
    tagged: i % 7 === 0,
  };
}

export function benchCsv(rows: number): Uint8Array {
  const lines = ['Nome;Telefone;E-mail;Tags'];
  for (let i = 0; i < rows; i += 1) {
    const row = benchRow(i);
    lines.push(`${row.name};${row.phone};${row.email};${row.tagged ? BENCH_TAG : ''}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

interface ImportState {
  status: string;
  total: number;
  processed: number;
  created: number;
  duplicates: number;
  errors: number;
}

/**
 * Imports the generated base the way the web app does: presigned upload straight to the bucket, then the
 * import request, then polling its progress until done.
 */
async function benchImport(
  call: ReturnType<typeof benchApiClient>,
  options: ContactsBenchOptions,
  wallet: string,
): Promise<void> {
  const { contacts: rows, putItemRate } = options;
  const content = benchCsv(rows);
  const fileName = `bench-${rows}.csv`;
  const started = performance.now();
  const target = await call<{ upload: string; url: string; fields: Record<string, string> }>(
    'POST',
    '/contacts/imports/uploads',
    { file_name: fileName, size: content.byteLength },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([content], { type: 'text/csv' }), fileName);
  const upload = await fetch(target.url, { method: 'POST', body: form });
  if (upload.status >= 300) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
  const uploaded = performance.now();
  // What each row costs the emulator: the import's reads and writes and every consumer of its contact events.
  const requests = countDynamoRequests();
  const trace =
    process.env.BENCH_TRACE_REQUESTS === '1' ? traceDynamoRequests(clients().dynamodb) : undefined;
  const { _id } = await call<{ _id: string }>('POST', '/contacts/imports', {
    file_name: fileName,
    upload: target.upload,
    wallet,
    mapping: { full_name: 'Nome', cel_phone: 'Telefone', email: 'E-mail', tags: 'Tags' },
  });
  console.log(`  import ${_id} of ${rows} rows started`);
  let state: ImportState;
  let lastReport = performance.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = await call<ImportState>('GET', `/contacts/imports/${_id}`);
    if (state.status === 'done' || state.status === 'failed') break;
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      const seconds = (lastReport - uploaded) / 1000;
      console.log(`  … ${state.processed}/${state.total} rows after ${seconds.toFixed(0)} s`);
    }
  }
  const seconds = (performance.now() - uploaded) / 1000;
  console.log(
    formatRow(`contact import (${rows} rows, CSV)`, {
      status: state.status,
      created: state.created,
      duplicates: state.duplicates,
      errors: state.errors,
      'upload s': (uploaded - started) / 1000,
      'import s': seconds,
      'rows/s': state.processed / seconds,
      'PutItem/s': putItemRate,
      'of PutItem/s': (state.processed / seconds / putItemRate).toFixed(3),
    }),
  );
  const perRow = totalOf(requests) / Math.max(1, state.processed);
  console.log(
    `  DynamoDB requests per row until done: ${perRow.toFixed(2)}; by command: ${perMessage(new Map(), requests, Math.max(1, state.processed))}`,
  );
  // The contact events' consumers may still be working off the import: the whole cost of a row is counted once
  // the event stream and its consumers are done with it.
  const waited = await untilQuiet(requests, options.streamsIdle);
  console.log(
    `  with the consumers caught up (${waited.toFixed(0)} s after done): ${(
      totalOf(requests) / Math.max(1, state.processed)
    ).toFixed(2)}; by command: ${perMessage(new Map(), requests, Math.max(1, state.processed))}`,
  );
  if (trace) {
    console.log(
      '  per row by command and caller (BENCH_TRACE_REQUESTS=1; outermost > innermost domain frame):',
    );
    console.log(traceRows(new Map(), new Map(trace.byCaller), Math.max(1, state.processed)).join('\n'));
  }
  if (state.status !== 'done' || state.created !== rows) {
    throw new Error(`the import ended ${state.status} with ${state.created} of ${rows} rows created`);
  }
}

/**
 * Waits until the stream pollers have read their streams to the end and the handlers and consumers of the
 * runtime have made at most 3 DynamoDB requests in `quietMs` (a schedule's tick; the stream's events all
 * dispatched and consumed), at most `maxMs`; answers the seconds waited. The pollers' own reads go through a
 * Streams client the request count does not see: a stream still being read after an import (most of its records
 * dispatch nothing) looked quiet by the count alone, and the first search figures were taken under it.
 */
async function untilQuiet(
  requests: Map<string, number>,
  streamsIdle: () => boolean,
  quietMs = 15_000,
  maxMs = 40 * 60_000,
): Promise<number> {
  const started = performance.now();
  const seen: Array<{ at: number; total: number }> = [{ at: started, total: totalOf(requests) }];
  while (performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = { at: performance.now(), total: totalOf(requests) };
    seen.push(now);
    const windowStart = seen.find((sample) => now.at - sample.at <= quietMs) ?? now;
    if (now.at - started >= quietMs && now.total - windowStart.total <= 3 && streamsIdle()) break;
  }
  return (performance.now() - started) / 1000;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** p50/p95 of GET /api/contacts per kind of search, one request at a time, as a user typing would send. */
async function benchSearch(
  call: ReturnType<typeof benchApiClient>,
  options: ContactsBenchOptions,
  filters: { tag: string; wallet: string; smartTag: string },
): Promise<void> {
  const { contacts: rows, searches: count = 200 } = options;
  const { tag, wallet, smartTag } = filters;
  // Spread over the whole base: a stride coprime with the row count visits rows far apart.
  const pick = (n: number) => benchRow((n * 7919) % rows);
  const kinds: Record<string, (n: number) => string> = {
    'name prefix, accents dropped': (n) => {
      const row = pick(n);
      const [first, middle] = fold(row.name).split(' ');
      return `search=${encodeURIComponent(`${first} ${(middle as string).slice(0, 3)}`)}`;
    },
    'exact phone': (n) => `search=${encodeURIComponent(pick(n).phone)}`,
    'exact e-mail': (n) => `search=${encodeURIComponent(pick(n).email)}`,
    'tag filter': () => `tags=${tag}`,
    'tag filter + name prefix': (n) =>
      `tags=${tag}&search=${encodeURIComponent(fold(pick(n).name).slice(0, 4))}`,
    'smart tag': () => `smart_tag=${smartTag}`,
    wallet: () => `wallet=${wallet}`,
  };
  for (const [kind, query] of Object.entries(kinds)) {
    const latencies: number[] = [];
    let found = 0;
    for (let n = 0; n < count; n += 1) {
      const t0 = performance.now();
      const page = await call<{ contacts: unknown[] }>('GET', `/contacts?${query(n)}&limit=50`);
      latencies.push(performance.now() - t0);
      if (page.contacts.length > 0) found += 1;
    }
    console.log(
      formatRow(`contact search: ${kind}`, {
        requests: count,
        'with hits': found,
        'p50 ms': percentile(latencies, 50),
        'p95 ms': percentile(latencies, 95),
        'PutItem/s': options.putItemRate,
      }),
    );
  }
}

/** The smart tag the search figures filter by: its members computed over the whole imported base. */
async function benchSmartTag(call: ReturnType<typeof benchApiClient>, rows: number): Promise<string> {
  const started = performance.now();
  const { _id } = await call<{ _id: string }>('POST', '/smart-tags', {
    name: 'Bench Anas',
    color: '#1677ff',
    match: 'all',
    conditions: [{ field: 'full_name', operator: 'starts_with', value: 'Ana' }],
  });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const tag = await call<{ status: string; members_count: number }>('GET', `/smart-tags/${_id}`);
    if (tag.status === 'ready' || tag.status === 'failed') {
      const seconds = (performance.now() - started) / 1000;
      console.log(
        formatRow(`smart tag computed (${rows} contacts)`, {
          status: tag.status,
          members: tag.members_count,
          s: seconds,
          'contacts/s': rows / seconds,
        }),
      );
      return _id;
    }
  }
}

/**
 * Import of a generated base of `contacts` rows (into a wallet), then a smart tag computed over it, then
 * search latency over it by every filter, through the real REST API.
 */
export async function benchContacts(options: ContactsBenchOptions): Promise<void> {
  const call = benchApiClient(options);
  const { _id: tag } = await call<{ _id: string }>('POST', '/tags', { name: BENCH_TAG, color: '#1677ff' });
  const employees = await call<{ items: { _id: string; role: string }[] }>('GET', '/employees?limit=100');
  const owner = employees.items.find((employee) => employee.role === 'admin')?._id as string;
  const { _id: wallet } = await call<{ _id: string }>('POST', '/wallets', {
    name: 'Bench',
    employee_owner: owner,
  });
  await benchImport(call, options, wallet);
  const requests = countDynamoRequests();
  const smartTag = await benchSmartTag(call, options.contacts);
  // The smart tag's members are written to their profiles, and each change is an event the consumers work off:
  // the searches are measured once that is done, as a user searching an idle base would see them.
  const waited = await untilQuiet(requests, options.streamsIdle);
  console.log(`  (searches start once the smart tag's events were worked off: ${waited.toFixed(0)} s)`);
  await benchSearch(call, options, { tag, wallet, smartTag });
}
