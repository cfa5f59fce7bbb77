import type { IncomingMessage } from 'node:http';

export class PayloadTooLarge extends Error {}

/**
 * How much of an oversized body is read and thrown away so the client, still sending, gets its 413 instead
 * of a reset connection; past this the connection is cut.
 */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Reads a request body of at most `limit` bytes. A body declared larger (content-length) is refused at once;
 * a chunked one that grows past the limit stops being kept but is drained to its end, so the caller can
 * answer 413 as API Gateway does rather than drop the connection mid-upload.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      reject(new PayloadTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit + DRAIN_LIMIT_BYTES) {
        req.destroy();
        reject(new PayloadTooLarge());
      }
    });
    req.on('end', () => (size > limit ? reject(new PayloadTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}
