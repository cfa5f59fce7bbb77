import type { ChannelHealthResponse } from '@atende/shared/contracts/integrations/get-channel-health';
import type { IntegrationView } from '@atende/shared/contracts/integrations/views';
import { CHANNEL_HEALTH } from '@atende/shared/domain/constants';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { ptBR } from '@atende/shared/i18n/pt-BR';

export type ChannelHealthCode = ChannelHealthResponse['health'];

export interface HealthDisplay {
  /** The traffic-light colour of spec point 4's health: green all, amber some, red none. */
  tone: 'green' | 'amber' | 'red';
  /** antd Badge status with the same meaning. */
  status: 'success' | 'warning' | 'error';
  label: string;
}

const DISPLAYS: Record<ChannelHealthCode, HealthDisplay> = {
  [CHANNEL_HEALTH.allConnected]: {
    tone: 'green',
    status: 'success',
    label: ptBR.channelHealth.allConnected,
  },
  [CHANNEL_HEALTH.someConnected]: {
    tone: 'amber',
    status: 'warning',
    label: ptBR.channelHealth.someConnected,
  },
  [CHANNEL_HEALTH.noneConnected]: {
    tone: 'red',
    status: 'error',
    label: ptBR.channelHealth.noneConnected,
  },
};

export const healthDisplay = (health: ChannelHealthCode): HealthDisplay => DISPLAYS[health];

/** Spec point 4 notice durations, in seconds as antd's message API takes them. */
export const CONNECTED_NOTICE_SECONDS = 4;
export const DISCONNECTED_NOTICE_SECONDS = 10;

export interface ConnectionNotice {
  kind: 'success' | 'warning';
  text: string;
  seconds: number;
}

const noticeFor = (label: string, connected: boolean): ConnectionNotice =>
  connected
    ? {
        kind: 'success',
        text: interpolate(ptBR.notices.whatsappConnected, { label }),
        seconds: CONNECTED_NOTICE_SECONDS,
      }
    : {
        kind: 'warning',
        text: interpolate(ptBR.notices.whatsappDisconnected, { label }),
        seconds: DISCONNECTED_NOTICE_SECONDS,
      };

/**
 * The 'Whatsapp: {label} conectada.' / '... desconectada.' notices for WhatsApp integrations whose connection
 * flipped between two reads. The first read (no previous list) and integrations added or removed say nothing.
 */
export function connectionNotices(
  before: readonly IntegrationView[] | undefined,
  after: readonly IntegrationView[],
): ConnectionNotice[] {
  if (!before) return [];
  const previous = new Map(before.map((integration) => [integration._id, integration.connection]));
  return after.flatMap((integration): ConnectionNotice[] => {
    const was = previous.get(integration._id);
    const whatsapp = integration.type === 'official' || integration.type === 'unofficial';
    if (!whatsapp || was === undefined || was === integration.connection) return [];
    return [noticeFor(integration.label, integration.connection)];
  });
}

/** What a refresh-whatsapp frame tells about a connection (the worker sends it the moment a session flips). */
export interface ConnectionFrame {
  integration?: string | undefined;
  connection?: boolean | undefined;
  label?: unknown;
  notice?: unknown;
}

/**
 * The notices of both sources without saying one twice: a frame that carries a flip announces it at once (a
 * session may drop and come back before the list is read again, and the list alone would then see nothing);
 * the list comparison covers the providers that only refresh, and skips a flip a frame already announced.
 */
export function createNoticeTracker() {
  const announced = new Map<string, boolean>();
  return {
    fromFrame(frame: ConnectionFrame): ConnectionNotice | undefined {
      const { integration, connection, label } = frame;
      if (!integration || typeof connection !== 'boolean' || typeof label !== 'string' || !frame.notice) {
        return undefined;
      }
      announced.set(integration, connection);
      return noticeFor(label, connection);
    },
    fromLists(before: readonly IntegrationView[] | undefined, after: readonly IntegrationView[]) {
      const flipped = new Set(connectionNotices(before, after).map((notice) => notice.text));
      const notices: ConnectionNotice[] = [];
      for (const integration of after) {
        const said = announced.get(integration._id);
        if (said === integration.connection) announced.delete(integration._id);
        const notice = noticeFor(integration.label, integration.connection);
        if (flipped.has(notice.text) && said === undefined) notices.push(notice);
      }
      return notices;
    },
  };
}
