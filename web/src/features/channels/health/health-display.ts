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
    if (integration.type !== 'official' || was === undefined || was === integration.connection) return [];
    return integration.connection
      ? [
          {
            kind: 'success',
            text: interpolate(ptBR.notices.whatsappConnected, { label: integration.label }),
            seconds: CONNECTED_NOTICE_SECONDS,
          },
        ]
      : [
          {
            kind: 'warning',
            text: interpolate(ptBR.notices.whatsappDisconnected, { label: integration.label }),
            seconds: DISCONNECTED_NOTICE_SECONDS,
          },
        ];
  });
}
