import { formatRow, percentile } from './stats.ts';

/** Requests through the local REST gateway to a handler that reads DynamoDB, SQS, S3 and the WebSocket API. */
export async function benchGatewayHealth(baseUrl: string, total = 300): Promise<void> {
  const latencies: number[] = [];
  const concurrency = 4;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}/api/health`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`health answered ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    formatRow('rest gateway GET /api/health', {
      requests: total,
      'req/s': total / seconds,
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
    }),
  );
}
