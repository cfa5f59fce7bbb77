import type { FakeTemplate } from './templates-fake.ts';

/** The providers the sandbox stands in for; each is mounted under `/{provider}` on the sandbox's one port. */
export const SANDBOX_PROVIDERS = [
  'meta',
  'motor',
  'messenger',
  'dialog',
  'gupshup',
  'telegram',
  'openai',
  'pipedrive',
  'rdstationmarketing',
  'agendor',
  'nectar',
  'salesforce',
  'rdstation',
] as const;
export type SandboxProvider = (typeof SANDBOX_PROVIDERS)[number];

/** Failures a test or developer can ask for; each fake answers them in its provider's own error shape. */
/**
 * `pair_rate_limit` and `marketing_cap` are WhatsApp's (131056: too many messages to one user; 131049: the user's
 * marketing cap); channels without them answer their nearest equivalent.
 */
export const SANDBOX_FAILURES = [
  'rate_limit',
  'auth',
  'unavailable',
  'recipient',
  'pair_rate_limit',
  'marketing_cap',
] as const;
export type SandboxFailure = (typeof SANDBOX_FAILURES)[number];

export interface FakeRequest {
  method: string;
  /** Path below the provider's mount, e.g. `/v21.0/106540352242922/messages`. */
  path: string;
  headers: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  /** JSON or form fields as an object; undefined for an empty body. */
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body: unknown;
  contentType?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/** Whether the request is a send the sandbox records (media downloads and lookups are not). */
export interface FakeResult {
  response: FakeResponse;
  recorded: boolean;
}

export interface StoredMedia {
  id: string;
  bytes: Uint8Array;
  mimeType: string;
}

/** What the fakes share: ids, queued failures and media the customer "sent". */
export interface FakeContext {
  /** The sandbox's own root URL, for links the fakes hand out (media URLs). */
  baseUrl: string;
  nextId(): number;
  /** The failure queued for this provider, consumed by this call. */
  takeFailure(provider: SandboxProvider): QueuedFailure | undefined;
  media: Map<string, StoredMedia>;
  /** Message templates by WhatsApp Business Account id (the message_templates edge). */
  templates: Map<string, FakeTemplate[]>;
}

export interface QueuedFailure {
  failure: SandboxFailure;
  /** Seconds the provider asks to wait, where its rate-limit error says so. */
  retryAfter: number;
}

/** One request a fake received and answered, as `sent()` lists it. */
export interface SentRequest {
  provider: SandboxProvider;
  method: string;
  path: string;
  /** The query string's parameters (a CRM poll's listing filters). */
  query: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string>>;
  body: unknown;
  response: { status: number; body: unknown };
  at: string;
}
