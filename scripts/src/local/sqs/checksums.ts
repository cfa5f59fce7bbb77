import { createHash } from 'node:crypto';
import type { MessageAttributes } from './model.ts';

export const md5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

function lengthPrefixed(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/**
 * MD5 of message attributes as SQS defines it: attributes sorted by name, each encoded as length-prefixed name,
 * length-prefixed data type, a transport byte (1 string/number, 2 binary) and the length-prefixed value.
 */
export function md5OfAttributes(attributes: MessageAttributes): string | undefined {
  const names = Object.keys(attributes).sort();
  if (names.length === 0) return undefined;
  const parts: Buffer[] = [];
  for (const name of names) {
    const value = attributes[name];
    if (!value) continue;
    parts.push(
      lengthPrefixed(Buffer.from(name, 'utf8')),
      lengthPrefixed(Buffer.from(value.DataType, 'utf8')),
    );
    if (value.DataType.startsWith('Binary')) {
      parts.push(Buffer.from([2]), lengthPrefixed(Buffer.from(value.BinaryValue ?? '', 'base64')));
    } else {
      parts.push(Buffer.from([1]), lengthPrefixed(Buffer.from(value.StringValue ?? '', 'utf8')));
    }
  }
  return createHash('md5').update(Buffer.concat(parts)).digest('hex');
}
