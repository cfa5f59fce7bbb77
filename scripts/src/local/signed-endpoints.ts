import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LocalCredentials, verifySigV4 } from './sigv4.ts';

/** How each AWS protocol names its errors, so the SDK raises the right exception. */
export type ErrorStyle = 'sqs-json' | 'rest-json';

function refuse(
  res: ServerResponse,
  style: ErrorStyle,
  status: number,
  failure: { code: string; message: string },
): void {
  const text = JSON.stringify(
    style === 'sqs-json'
      ? { __type: `com.amazon.coral.service#${failure.code}`, message: failure.message }
      : { message: failure.message },
  );
  res.writeHead(status, {
    'content-type': style === 'sqs-json' ? 'application/x-amz-json-1.0' : 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...(style === 'sqs-json'
      ? { 'x-amzn-query-error': `${failure.code};Sender` }
      : { 'x-amzn-errortype': failure.code }),
  });
  res.end(text);
}

/** Reads at most `limit` bytes; undefined when the body is larger (the rest is drained, not kept). */
function readBounded(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

/**
 * The front door of the runtime's AWS-protocol endpoints on the main port (/sqs, /@connections): the body is
 * read once, the SigV4 signature checked against the runtime's generated key pair, and only then is the
 * request served (with that body). Unsigned or wrongly signed calls get AWS' 403.
 */
export function signedEndpoint(options: {
  credentials: LocalCredentials;
  style: ErrorStyle;
  maxBodyBytes: number;
  serve: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;
}) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBounded(req, options.maxBodyBytes);
    if (!body) {
      refuse(res, options.style, 413, {
        code: 'RequestEntityTooLarge',
        message: 'The request is too large.',
      });
      return;
    }
    const failure = await verifySigV4(req, body, options.credentials);
    if (failure) {
      refuse(res, options.style, 403, failure);
      return;
    }
    options.serve(req, res, body);
  };
}
