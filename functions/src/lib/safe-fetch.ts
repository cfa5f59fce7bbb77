import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Outbound HTTP to a URL a tenant typed (flow HTTP nodes, webhooks): every address the host resolves to is
 * checked, the connection is pinned to the checked address (no second DNS answer can slip in), redirects are
 * followed by hand and checked again, and the whole call is bounded by a timeout.
 */
export class UnsafeUrl extends Error {}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export interface SafeFetchOptions {
  /** Local runtime only: http and loopback allowed, so the sandbox and local receivers can be called. */
  allowLocal: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface SafeRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const MAX_BODY_BYTES = 1_048_576;

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function judge(address: string, allowLocal: boolean): void {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (LOOPBACK.check(ip, family)) {
    if (allowLocal) return;
    throw new UnsafeUrl(`loopback address ${address}`);
  }
  if (PRIVATE.check(ip, family)) throw new UnsafeUrl(`private address ${address}`);
}

async function resolveChecked(url: URL, allowLocal: boolean): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) {
    throw new UnsafeUrl(`protocol ${url.protocol} not allowed`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  if (addresses.length === 0) throw new UnsafeUrl(`no address for ${host}`);
  for (const entry of addresses) judge(entry.address, allowLocal);
  return addresses[0] as { address: string; family: number };
}

/** Checks a URL against the same rules without calling it (a tenant saving an outbound URL). */
export async function checkUrl(url: string, options: Pick<SafeFetchOptions, 'allowLocal'>): Promise<void> {
  await resolveChecked(new URL(url), options.allowLocal);
}

function once(
  url: URL,
  request: SafeRequest,
  pinned: { address: string; family: number },
  signal: AbortSignal,
) {
  const pin: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SafeResponse>((resolve, reject) => {
    const req = client.request(
      url,
      { method: request.method, headers: request.headers ?? {}, lookup: pin, signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) req.destroy(new Error('response too large'));
          else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([key, value]) => [
                key,
                Array.isArray(value) ? value.join(', ') : (value ?? ''),
              ]),
            ),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (request.body && request.method !== 'GET') req.write(request.body);
    req.end();
  });
}

export async function safeFetch(request: SafeRequest, options: SafeFetchOptions): Promise<SafeResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let url = new URL(request.url);
  let current = request;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop += 1) {
    const pinned = await resolveChecked(url, options.allowLocal);
    const response = await once(url, current, pinned, signal);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) return response;
    url = new URL(location, url);
    // 303 (and 301/302 after a POST, as browsers do) turn into a GET without a body.
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && current.method !== 'GET')
    ) {
      current = { ...current, method: 'GET', body: '' };
    }
  }
  throw new UnsafeUrl('too many redirects');
}
