import { config } from '../../lib/config.ts';
import { safeFetch, type SafeResponse } from '../../lib/safe-fetch.ts';
/** What the CRM sync needs of any CRM: a person mirroring a contact, and notes on it. */
export interface CrmPerson {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
}

/** A person as the CRM holds it, read back by the poll (CRM → here). */
export interface RemotePerson {
  id: string;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** When the CRM last changed it (ISO 8601): the poll's high-water mark moves to the latest seen. */
  updatedAt: string;
}

/** Persons the CRM deleted since a mark, and the mark the next read starts from. */
export interface RemoteDeletions {
  ids: string[];
  /** Where the next read starts (ISO 8601): what the CRM says it covered, never later than asked. */
  mark: string;
  /** The CRM's delete log no longer reaches back to the asked start: deletions before `mark` went unseen. */
  gap?: boolean;
}

export interface CrmClient {
  /** Creates the person, answering its id in the CRM. */
  createPerson(person: CrmPerson): Promise<string>;
  /** The person already holding this e-mail or phone, where the CRM can search (an idempotent create). */
  findPerson?(person: CrmPerson): Promise<string | undefined>;
  /** Updates it; false when the CRM no longer has it (deleted there), so the caller creates it again. */
  updatePerson(remoteId: string, person: CrmPerson): Promise<boolean>;
  /** Logs a closed conversation on the person (a note; RD Station Marketing: a conversion of its e-mail). */
  addNote(remoteId: string, html: string, person: CrmPerson): Promise<void>;
  /**
   * Persons created or changed in the CRM at or after `since` (ISO 8601), where the CRM can list them by
   * update time; the poll applies them here. The overlap at `since` is harmless: applying a person is
   * idempotent.
   */
  changedSince?(since: string): Promise<RemotePerson[]>;
  /**
   * Persons deleted in the CRM at or after `since` (ISO 8601), where the CRM documents a way to list them;
   * undefined when the window is still too short for the CRM to be asked.
   */
  deletedSince?(since: string): Promise<RemoteDeletions | undefined>;
}

/** A failure worth retrying later (rate limit, CRM down, network): the event is redelivered. */
export class CrmRetryable extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CrmRetryable';
  }
}

/** A refusal that repeating cannot fix (revoked token, rejected data): logged, the event is dropped. */
export class CrmRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CrmRejected';
  }
}

/** An OAuth app whose provider refused the refresh token for good: nothing syncs until an admin reconnects. */
export class CrmDisconnected extends CrmRejected {
  constructor(message: string) {
    super(message, 401);
    this.name = 'CrmDisconnected';
  }
}

/**
 * What a CRM's refusal becomes: a rate limit (429, waiting what `retryAfterHeader` says when it says) and 5xx are
 * retried later, anything else is final. `detail` reads the CRM's own error text from the parsed body.
 */
export function crmFailure(
  crm: string,
  response: { status: number; body: string; headers: Record<string, string | undefined> },
  detail: (body: unknown) => string | undefined,
  retryAfterHeader: (headers: Record<string, string | undefined>) => string | undefined = (headers) =>
    headers['retry-after'],
): Error {
  let message = `${crm} answered ${response.status}`;
  try {
    const text = detail(JSON.parse(response.body));
    if (text) message = `${message}: ${text}`;
  } catch {
    // A body that is not JSON (a proxy's page) keeps the status-only message.
  }
  if (response.status === 429) {
    const wait = Number(retryAfterHeader(response.headers));
    return new CrmRetryable(message, Number.isFinite(wait) ? wait : undefined);
  }
  if (response.status >= 500) return new CrmRetryable(message);
  return new CrmRejected(message, response.status);
}

/** A Brazilian E.164 number as salespeople type it in a CRM: the DDD and the number, without +55. */
export const brazilianNationalDigits = (phone: string) =>
  phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');

/** The local runtime and the tests reach the sandbox's CRM fakes on loopback; deployed stages never do. */
export const crmAllowsLocal = () => ['local', 'test'].includes(config().stage);

const MAX_WAIT_SECONDS = 10;
const RATE_LIMIT_ATTEMPTS = 3;

/**
 * A CRM's JSON caller: its base URL and authentication, SSRF-checked like every outbound call. A 429 asking for a
 * short wait (`waitHeader` in seconds, at most 10) is waited out here, up to 3 attempts; a longer one is answered
 * as is, so the client throws and the queue redelivers later. An unreachable CRM is retryable.
 */
export function crmCaller(options: {
  name: string;
  url: (path: string) => string;
  headers: Record<string, string>;
  waitHeader?: string;
}): (method: string, path: string, body?: unknown) => Promise<SafeResponse> {
  const send = async (method: string, path: string, body: unknown): Promise<SafeResponse> => {
    try {
      return await safeFetch(
        {
          method,
          url: options.url(path),
          headers: { 'content-type': 'application/json', ...options.headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        { allowLocal: crmAllowsLocal(), timeoutMs: 10_000 },
      );
    } catch (error) {
      throw new CrmRetryable(
        `${options.name} unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  return async (method, path, body) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await send(method, path, body);
      const wait = Number(response.headers[options.waitHeader ?? 'retry-after']);
      if (response.status !== 429 || attempt >= RATE_LIMIT_ATTEMPTS || !(wait <= MAX_WAIT_SECONDS)) {
        return response;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0) * 1000));
    }
  };
}
