/** A failed call: the HTTP status (0 when no answer came) and the server's pt-BR message when it sent one. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const GENERIC_ERROR_MESSAGE = 'Error ao realizar processo.';
export const TIMEOUT_MESSAGE = 'O servidor demorou demais para responder. Tente novamente.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The user-facing message of a response body: `message`, or `data.message` (spec point 7, contacts channel). */
export function serverMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.message === 'string' && body.message.length > 0) return body.message;
  if (isRecord(body.data) && typeof body.data.message === 'string') return body.data.message;
  return undefined;
}

export function parseBody(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
