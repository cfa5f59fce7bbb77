import type { AppName } from '@atende/shared/domain/apps';
import { ENV } from '@atende/shared/infra/env';

/** `{PUBLIC_BASE_URL}/api/apps/{app}/{installationId}/webhooks`: where the shop or the CRM posts its changes. */
export function appWebhookUrl(name: AppName, installationId: string): string {
  const base = (process.env[ENV.publicBaseUrl] ?? '').replace(/\/+$/, '');
  return `${base}/api/apps/${name}/${installationId}/webhooks`;
}
