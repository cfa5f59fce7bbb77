import { CAMPAIGN_STATUS, CHANNEL_HEALTH, type TemplateStatus } from '../domain/constants.ts';
import { campaignStatusPtBR, templateStatusPtBR } from '../i18n/pt-BR.ts';

/** Spec point 4: only approved templates are usable (selectable for campaigns). */
export function isTemplateUsable(template: { status: TemplateStatus | string }): boolean {
  return template.status === 'APPROVED';
}

export function templateStatusLabel(status: TemplateStatus): string {
  return templateStatusPtBR[status];
}

type CampaignStatusName = keyof typeof CAMPAIGN_STATUS;

/** Spec point 4: the name of a numeric campaign status, undefined for codes outside 0..6. */
export function campaignStatusName(code: number): CampaignStatusName | undefined {
  return (Object.keys(CAMPAIGN_STATUS) as CampaignStatusName[]).find(
    (name) => CAMPAIGN_STATUS[name] === code,
  );
}

export function campaignStatusLabel(code: number): string | undefined {
  const name = campaignStatusName(code);
  return name && campaignStatusPtBR[name];
}

export type ChannelHealth = (typeof CHANNEL_HEALTH)[keyof typeof CHANNEL_HEALTH];

/**
 * Spec point 4 channel health from the integrations' connection states: 1 all connected, 2 some, 3 none.
 * A company with no integration has nothing connected, so it reads 3.
 */
export function channelHealth(integrations: readonly { connection: boolean }[]): ChannelHealth {
  const connected = integrations.filter((integration) => integration.connection).length;
  if (connected === 0) return CHANNEL_HEALTH.noneConnected;
  return connected === integrations.length ? CHANNEL_HEALTH.allConnected : CHANNEL_HEALTH.someConnected;
}
