import { ObjectId } from 'bson';
import * as z from 'zod';

/** The spec's id format: a 24-hex object id. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/;

export const objectId = z
  .string()
  .regex(OBJECT_ID_PATTERN, { message: 'deve ser um identificador de 24 caracteres hexadecimais' });

export type ObjectIdString = z.infer<typeof objectId>;

export function newObjectId(): string {
  return new ObjectId().toHexString();
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}
