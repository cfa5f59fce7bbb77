import { buildIndex, searchIndex } from '@atende/functions/ai/retrieval';
import type { ChunkRecord } from '@atende/functions/ai/knowledge-store';
import { formatRow, percentile } from './stats.ts';

const WORDS =
  'entrega prazo plano preço troca devolução nota fiscal frete cartão boleto pix horário loja suporte senha conta pedido cancelamento garantia produto estoque cupom desconto assinatura fatura cobrança endereço'.split(
    ' ',
  );

/** A deterministic pseudo-random generator, so every run indexes the same corpus. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

function corpus(size: number, dimensions: number): ChunkRecord[] {
  const random = generator(42);
  return Array.from({ length: size }, (_, index) => {
    const text = Array.from({ length: 120 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    const embedding = Array.from({ length: dimensions }, () => random() * 2 - 1);
    return {
      sk: `kb#doc${Math.floor(index / 20)}#${index}`,
      kb: index % 2 ? 'kb1' : 'kb2',
      doc: `doc${index}`,
      title: `Documento ${index}`,
      text,
      embedding,
    };
  });
}

/**
 * The per-company hybrid index (Orama, BM25 + cosine): build time, heap and query latency by corpus size, with
 * vectors of the size OpenAI's text-embedding-3-small returns (1536). BENCH_KB_SIZES=1000,10000 overrides.
 */
export async function benchKnowledgeIndex(): Promise<void> {
  const sizes = (process.env.BENCH_KB_SIZES ?? '1000,10000').split(',').map(Number);
  const dimensions = 1536;
  for (const size of sizes) {
    const chunks = corpus(size, dimensions);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const index = await buildIndex(chunks);
    const buildMs = performance.now() - started;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
    if (!index) throw new Error('empty index');
    const random = generator(7);
    const latencies: number[] = [];
    for (let query = 0; query < 50; query += 1) {
      const vector = Array.from({ length: dimensions }, () => random() * 2 - 1);
      const term = `${WORDS[query % WORDS.length]} ${WORDS[(query * 7) % WORDS.length]}`;
      const at = performance.now();
      await searchIndex(index, term, vector, ['kb1', 'kb2'], 4);
      latencies.push(performance.now() - at);
    }
    console.log(
      formatRow(`knowledge index ${size} chunks`, {
        build_ms: buildMs,
        heap_mb: heapMb,
        query_p50_ms: percentile(latencies, 50),
        query_p95_ms: percentile(latencies, 95),
      }),
    );
  }
}
