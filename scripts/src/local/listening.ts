import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';

/** The machine's own non-loopback IPv4 addresses: where a neighbour on the network would connect. */
export function externalAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry?.address as string);
}

/** Whether a TCP connection to host:port opens (refused or timed out: false). */
export function canConnect(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function decodeAddress(hex: string): string {
  if (hex.length === 8) {
    return (hex.match(/../g) ?? [])
      .reverse()
      .map((byte) => parseInt(byte, 16))
      .join('.');
  }
  // IPv6 as four little-endian 32-bit words; an IPv4-mapped address ends in ffff + the IPv4 word.
  const words = hex.match(/.{8}/g) ?? [];
  if (words.slice(0, 2).every((word) => word === '00000000') && words[2] === 'FFFF0000') {
    return `::ffff:${decodeAddress(words[3] as string)}`;
  }
  if (words.every((word) => word === '00000000')) return '::';
  return words.join(':');
}

/** The local addresses Linux lists as listening on `port` (/proc/net/tcp and tcp6); empty elsewhere. */
export function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [address, portHex] = local.split(':');
      if (parseInt(portHex ?? '', 16) === port) found.push(decodeAddress(address ?? ''));
    }
  }
  return found;
}
