import { batchErrors, invalidParameterValue, missingParameter } from './errors.ts';
import type { MessageAttributes } from './model.ts';

/** A decoded JSON request body; readers check each member's type as SQS' own validation would. */
export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function optionalString(input: JsonObject, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParameterValue(`Value for parameter ${key} is invalid.`);
  return value;
}

export function requiredString(input: JsonObject, key: string): string {
  const value = optionalString(input, key);
  if (value === undefined) throw missingParameter(key);
  return value;
}

export function optionalInteger(input: JsonObject, key: string): number | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalidParameterValue(`Value ${String(value)} for parameter ${key} is invalid.`);
  }
  return value;
}

export function stringList(input: JsonObject, key: string): string[] {
  const value = input[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw invalidParameterValue(`Value for parameter ${key} is invalid.`);
  }
  return value as string[];
}

export function stringMap(input: JsonObject, key: string): Record<string, string> {
  const value = input[key];
  if (value === undefined || value === null) return {};
  if (!isObject(value) || Object.values(value).some((item) => typeof item !== 'string')) {
    throw invalidParameterValue(`Value for parameter ${key} is invalid.`);
  }
  return value as Record<string, string>;
}

export function messageAttributes(input: JsonObject, key: string): MessageAttributes {
  const value = input[key];
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw invalidParameterValue(`Value for parameter ${key} is invalid.`);
  const attributes: MessageAttributes = {};
  for (const [name, raw] of Object.entries(value)) {
    if (!isObject(raw)) throw invalidParameterValue(`The message attribute '${name}' is invalid.`);
    const dataType = optionalString(raw, 'DataType');
    if (dataType === undefined) {
      throw invalidParameterValue(`The message attribute '${name}' must contain a message attribute type.`);
    }
    const stringValue = optionalString(raw, 'StringValue');
    const binaryValue = optionalString(raw, 'BinaryValue');
    attributes[name] = {
      DataType: dataType,
      ...(stringValue !== undefined && { StringValue: stringValue }),
      ...(binaryValue !== undefined && { BinaryValue: binaryValue }),
    };
  }
  return attributes;
}

const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;

/** Batch entries with their Id, rejected as a whole the way SQS rejects a malformed batch. */
export function batchEntries(input: JsonObject): Array<JsonObject & { Id: string }> {
  const value = input.Entries;
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    throw batchErrors.empty();
  if (!Array.isArray(value) || value.some((entry) => !isObject(entry))) {
    throw invalidParameterValue('Value for parameter Entries is invalid.');
  }
  if (value.length > 10) throw batchErrors.tooMany(value.length);
  const seen = new Set<string>();
  return (value as JsonObject[]).map((entry) => {
    const id = requiredString(entry, 'Id');
    if (!BATCH_ENTRY_ID.test(id)) throw batchErrors.invalidId(id);
    if (seen.has(id)) throw batchErrors.notDistinct(id);
    seen.add(id);
    return { ...entry, Id: id };
  });
}
