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

/** The WhatsApp integrations whose connection flipped between two reads (none on the first read, none added). */
function flipped(
  before: readonly IntegrationView[] | undefined,
  after: readonly IntegrationView[],
): IntegrationView[] {
  if (!before) return [];
  const previous = new Map(before.map((integration) => [integration._id, integration.connection]));
  return after.filter((integration) => {
    const was = previous.get(integration._id);
    const whatsapp = integration.type === 'official' || integration.type === 'unofficial';
    return whatsapp && was !== undefined && was !== integration.connection;
  });
}

/**
 * The 'Whatsapp: {label} conectada.' / '... desconectada.' notices for WhatsApp integrations whose connection
 * flipped between two reads. The first read (no previous list) and integrations added or removed say nothing.
 */
export function connectionNotices(
  before: readonly IntegrationView[] | undefined,
  after: readonly IntegrationView[],
): ConnectionNotice[] {
  return flipped(before, after).map((integration) => noticeFor(integration.label, integration.connection));
}

/** What a refresh-whatsapp frame tells about a connection (the worker sends it the moment a session flips). */
export interface ConnectionFrame {
  integration?: string | undefined;
  connection?: boolean | undefined;
  label?: unknown;
  notice?: unknown;
}

/**
 * The notices of both sources, each flip said once: a frame that carries a flip announces it at once (a session
 * may drop and come back before the list is read again, and the list alone would then see nothing); the list
 * comparison covers the providers that only refresh. Both go through the state last said or seen for each
 * integration, so a flip the list showed before its frame arrived, or a frame delivered twice, is not said again.
 */
export function createNoticeTracker() {
  const known = new Map<string, boolean>();
  return {
    fromFrame(frame: ConnectionFrame): ConnectionNotice | undefined {
      const { integration, connection, label } = frame;
      if (!integration || typeof connection !== 'boolean' || typeof label !== 'string' || !frame.notice) {
        return undefined;
      }
      if (known.get(integration) === connection) return undefined;
      known.set(integration, connection);
      return noticeFor(label, connection);
    },
    fromLists(before: readonly IntegrationView[] | undefined, after: readonly IntegrationView[]) {
      const flips = new Set(flipped(before, after));
      const notices: ConnectionNotice[] = [];
      for (const integration of after) {
        const said = known.get(integration._id);
        known.set(integration._id, integration.connection);
        if (flips.has(integration) && said !== integration.connection) {
          notices.push(noticeFor(integration.label, integration.connection));
        }
      }
      return notices;
    },
  };
}
