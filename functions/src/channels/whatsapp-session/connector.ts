import type { DeliveryStatus } from '@atende/shared/channels/inbound';

/**
 * The unofficial WhatsApp session (a device linked to the company's phone by a QR code), seen through one
 * interface so the worker does not know which protocol library drives it: Baileys against WhatsApp, or the
 * fake peer of the tests and the local sandbox.
 */

/** Why a session closed: `logged-out` means the phone unlinked the device (stored link is worthless). */
export type CloseReason = 'connection-lost' | 'restart-required' | 'replaced' | 'logged-out' | 'other';

export interface SessionInboundMessage {
  /** WhatsApp's message id: the exactly-once key. */
  id: string;
  /** The customer's number, digits only. */
  from: string;
  pushName?: string | undefined;
  text?: string | undefined;
  media?: SessionInboundMedia | undefined;
  sentAt: Date;
}

export interface SessionInboundMedia {
  kind: 'image' | 'audio' | 'video' | 'doc';
  mimeType: string;
  fileName: string;
  /** Downloads and decrypts the media (WhatsApp keeps it encrypted on its CDN). */
  download: () => Promise<Uint8Array>;
}

export interface SessionStatusUpdate {
  /** The id of a message this session sent. */
  id: string;
  status: DeliveryStatus;
  at: Date;
}

export type SessionEvent =
  | { type: 'connecting' }
  | { type: 'qr'; qr: string }
  | { type: 'open'; phone: string }
  | { type: 'close'; reason: CloseReason }
  | { type: 'message'; message: SessionInboundMessage }
  | { type: 'status'; update: SessionStatusUpdate };

export type SessionOutbound =
  | { kind: 'text'; to: string; text: string }
  | {
      kind: 'media';
      to: string;
      media: {
        kind: 'image' | 'audio' | 'video' | 'doc';
        bytes: Uint8Array;
        mimeType: string;
        fileName: string;
        caption?: string | undefined;
      };
    };

/** One live link to WhatsApp for one integration; `connect` again after a close to reconnect. */
export interface SessionConnector {
  /** Opens the socket with the stored link (or asks for a QR when there is none); events follow. */
  connect(): Promise<void>;
  /** Sends with the id chosen by the caller (statuses refer to it); answers the provider's id. */
  send(message: SessionOutbound, messageId: string): Promise<{ providerMessageId: string }>;
  /** Unlinks the device from the phone; a `close` with `logged-out` follows. */
  logout(): Promise<void>;
  /** Closes the socket without unlinking (worker shutdown). */
  end(): Promise<void>;
}

/** Where a session keeps its link (credentials and signal keys): the driver serializes, the store seals. */
export interface SessionAuthStore {
  readCreds(): Promise<string | undefined>;
  writeCreds(serialized: string): Promise<void>;
  readKeys(type: string, ids: readonly string[]): Promise<Record<string, string>>;
  /** `undefined` deletes the key. */
  writeKeys(entries: ReadonlyArray<{ type: string; id: string; value: string | undefined }>): Promise<void>;
  /** Forgets the whole link (after a logout). */
  clear(): Promise<void>;
}

export interface SessionContext {
  companyId: string;
  integrationId: string;
  auth: SessionAuthStore;
  onEvent: (event: SessionEvent) => void;
}

/** Builds a connector for one integration: the Baileys driver, or the fake peer's. */
export type SessionDriver = (context: SessionContext) => SessionConnector;

/** Statuses only move forward (sent → delivered → read); failed ends a message wherever it was. */
const RANK: Record<DeliveryStatus, number> = { pending: 0, sent: 1, delivered: 2, read: 3, failed: 4 };
export const isStatusForward = (before: DeliveryStatus | undefined, after: DeliveryStatus): boolean =>
  before === undefined || (before !== 'failed' && RANK[after] > RANK[before]);

/** WhatsApp message ids look like '3EB0' + 18 upper-case hex digits (what WhatsApp Web generates). */
export const newWhatsappMessageId = (random: (bytes: number) => Buffer): string =>
  `3EB0${random(9).toString('hex').toUpperCase()}`;
