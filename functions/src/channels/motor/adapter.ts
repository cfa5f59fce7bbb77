import type { ChannelLimits } from '../adapter.ts';
import {
  type CloudApiAdapterOptions,
  cloudApiCredentials,
  cloudApiLimits,
  createCloudApiAdapter,
  createCloudApiOutbound,
} from '../meta/whatsapp.ts';

/**
 * motor: the spec names it among the official WhatsApp providers (whatsapps_integrations_type 'motor') but does
 * not describe its API. Assumption, until its documentation is known: it is WhatsApp Cloud API compatible at
 * its own base URL, end to end — `POST {base_url}/{version}/{phone_number_id}/messages` with the bearer access
 * token, Cloud API webhook payloads signed with `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the
 * app secret) and the `hub.*` GET handshake. Each integration names its `base_url`; there is no public default.
 * Spec point 9 keeps obj and stl files refused on motor.
 */
export const motorCredentials = cloudApiCredentials.extend({
  base_url: cloudApiCredentials.shape.base_url.unwrap(),
});

export const motorLimits: ChannelLimits = { ...cloudApiLimits, refusedExtensions: ['obj', 'stl'] };

const motorOptions: CloudApiAdapterOptions = {
  provider: 'motor',
  defaultBaseUrl: '',
  limits: motorLimits,
  credentialsSchema: motorCredentials,
};

// Pure calls: a bundle that only sends keeps the outbound half alone (see withWebhook).
export const motorOutbound = /* @__PURE__ */ createCloudApiOutbound(motorOptions);
export const motorAdapter = /* @__PURE__ */ createCloudApiAdapter(motorOptions);
