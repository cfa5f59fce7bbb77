import { PRODUCT_SLUG_DEFAULT } from '@atende/shared/domain/constants';
import { loginPath as productLoginPath } from '@atende/shared/routes/app-routes';

/** What the deployment tells the SPA at start-up (served as /config.json by CloudFront and the local runtime). */
export interface RuntimeConfig {
  apiUrl: string;
  wsUrl: string;
  productSlug: string;
  /** External help pages of the menu (manual, updates); entries without a URL are not shown. */
  helpLinks: Partial<Record<'manual' | 'updates', string>>;
}

let current: RuntimeConfig | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** http(s) URLs, or paths of this site (the shipped /ajuda pages); never another scheme or `//host`. */
function readHelpLinks(raw: unknown, origin: string): RuntimeConfig['helpLinks'] {
  if (!isRecord(raw)) return {};
  const links: RuntimeConfig['helpLinks'] = {};
  for (const key of ['manual', 'updates'] as const) {
    const value = raw[key];
    if (typeof value !== 'string') continue;
    if (/^https?:\/\//.test(value)) links[key] = value;
    else if (/^\/(?!\/)/.test(value)) links[key] = new URL(value, origin).toString();
  }
  return links;
}

export function parseRuntimeConfig(raw: unknown, origin: string): RuntimeConfig {
  const source = isRecord(raw) ? raw : {};
  const text = (key: string): string | undefined => {
    const value = source[key];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const wsOrigin = origin.replace(/^http/, 'ws');
  return {
    apiUrl: new URL(text('apiUrl') ?? '/api', origin).toString().replace(/\/$/, ''),
    wsUrl: text('wsUrl') ?? `${wsOrigin}/ws`,
    productSlug: text('productSlug') ?? PRODUCT_SLUG_DEFAULT,
    helpLinks: readHelpLinks(source.helpLinks, origin),
  };
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  const raw: unknown = response.ok ? await response.json() : {};
  current = parseRuntimeConfig(raw, window.location.origin);
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config read before loadRuntimeConfig()');
  return current;
}

export const productSlug = (): string => current?.productSlug ?? PRODUCT_SLUG_DEFAULT;

export const loginPath = (): string => productLoginPath(productSlug());
