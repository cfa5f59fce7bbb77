import type { SessionDriver } from './connector.ts';
import type { FakeWhatsappNetwork } from './fake-peer.ts';

export const SESSION_DRIVERS = ['baileys', 'sandbox'] as const;
export type SessionDriverName = (typeof SESSION_DRIVERS)[number];

/** The env var choosing the driver: `baileys` talks to WhatsApp, `sandbox` to a FakeWhatsappNetwork. */
export const SESSION_DRIVER_ENV = 'WHATSAPP_SESSION_DRIVER';

/**
 * The driver by name. Baileys is imported only here and only when chosen: the API Lambdas never reach this
 * module, and a sandboxed run never loads the protocol library.
 */
export async function loadSessionDriver(
  name: SessionDriverName,
  network?: FakeWhatsappNetwork,
): Promise<SessionDriver> {
  if (name === 'baileys') return (await import('./baileys-connector.ts')).baileysDriver;
  if (!network) throw new Error('the sandbox driver needs the fake WhatsApp network');
  return network.driver;
}
