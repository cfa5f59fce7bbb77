import { ENV } from '@atende/shared/infra/env';

/** Where links in mails point: the app's origin (the first of APP_ORIGINS), else the public base URL. */
export function appBaseUrl(): string {
  const origin = (process.env[ENV.appOrigins] ?? '').split(',')[0]?.trim();
  return (origin || process.env[ENV.publicBaseUrl] || '').replace(/\/+$/, '');
}

/** A no-reply sender at the app's domain; a host without a domain (the local runtime's 127.0.0.1) gets one. */
export function accountMailSender(): string {
  let host = '';
  try {
    host = new URL(appBaseUrl()).hostname;
  } catch {
    host = '';
  }
  return `nao-responda@${host.includes('.') && !/^[\d.]+$/.test(host) ? host : 'atende.local'}`;
}
