/**
 * The browser-facing security headers of the app and the API, one definition for the local runtime's web
 * server and gateway and for CloudFront's response headers policies (infra/src/edge-headers.ts).
 */

export interface AppSources {
  /** Where the SPA's fetches and socket go besides its own origin: the WebSocket API, the media and exports buckets. */
  connect: readonly string[];
  /** Where images and audio/video come from besides its own origin: the media bucket (presigned GETs). */
  media: readonly string[];
}

/**
 * The SPA's Content-Security-Policy. Scripts only from the app's own origin (the Vite build has no inline
 * script), never eval; 'wasm-unsafe-eval' lets bson's 64-bit integer helper (long) compile its bundled
 * WebAssembly, which cannot reach the page without JavaScript and brings no script of its own. Styles allow 'unsafe-inline': antd (CSS-in-JS) injects <style> elements at run time and React
 * components set style attributes; a nonce would need a per-response HTML, which a static bucket behind
 * CloudFront cannot serve. Injected CSS cannot run script, so script-src stays strict.
 */
export function contentSecurityPolicy(sources: AppSources): string {
  const list = (...items: readonly string[]) => [...new Set(items)].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', ...sources.media)}`,
    `media-src ${list("'self'", 'blob:', ...sources.media)}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", ...sources.connect)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are JSON, never a document: nothing may load from them or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** The app asks the browser for none of its powerful features. */
export const PERMISSIONS_POLICY =
  'camera=(), geolocation=(), payment=(), usb=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), microphone=()';

/** Headers every response of the app and the API carries, besides its Content-Security-Policy. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
  'x-frame-options': 'DENY',
};

/** widget.js runs on customers' own sites: any site may load it, even one that requires CORP. */
export const WIDGET_SCRIPT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

export const WIDGET_SCRIPT_PATH = '/widget.js';
