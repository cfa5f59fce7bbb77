import * as z from 'zod';

/** The spec's id format: a 24-hex object id. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const objectId = z
  .string()
  .regex(OBJECT_ID_PATTERN, { message: 'deve ser um identificador de 24 caracteres hexadecimais' });

export type ObjectIdString = z.infer<typeof objectId>;

/** Random per process (5 bytes), as the ObjectId spec asks, so two processes never mint the same id. */
const processUnique = globalThis.crypto.getRandomValues(new Uint8Array(5));
/** A 3-byte counter from a random start: ids minted in one second by one process stay unique and ordered. */
let counter = globalThis.crypto.getRandomValues(new Uint32Array(1))[0] as number;

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/**
 * A new ObjectId (https://www.mongodb.com/docs/manual/reference/method/ObjectId/): 4 bytes of seconds since the
 * epoch, 5 random bytes per process, a 3-byte counter. Written here rather than taken from `bson`, whose
 * 57 KB would be in every Lambda bundle for these few lines.
 */
export function newObjectId(): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000) % 0x100000000;
  return hex(seconds, 8) + Array.from(processUnique, (byte) => hex(byte, 2)).join('') + hex(counter, 6);
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}
