import { ChannelSendError, type FetchImpl } from '../adapter.ts';
import { telegramResponse } from './update.ts';

export const TELEGRAM_API_URL = 'https://api.telegram.org';

export interface BotApiTarget {
  botToken: string;
  baseUrl?: string | undefined;
  fetchImpl: FetchImpl;
}

const root = (target: BotApiTarget) => (target.baseUrl ?? TELEGRAM_API_URL).replace(/\/+$/, '');

/**
 * Maps a Bot API failure (`{ok: false, error_code, description, parameters}`) to the engine's error kinds.
 * 403 is the customer having blocked the bot (or deleted their account); 400 "chat not found" is an unknown
 * chat; both are final. 401 and 404 mean the token is wrong (the API answers 404 to an unknown bot).
 */
export function botApiError(errorCode: number, description: string, retryAfter?: number): ChannelSendError {
  const providerCode = String(errorCode);
  const message = description || `Telegram error ${errorCode}`;
  if (errorCode === 429) {
    return new ChannelSendError({
      code: 'rate_limited',
      message,
      retryable: true,
      retryAfterSeconds: retryAfter ?? 1,
      providerCode,
    });
  }
  if (errorCode === 401 || errorCode === 404) {
    return new ChannelSendError({ code: 'auth_failed', message, retryable: false, providerCode });
  }
  if (errorCode === 403 || /chat not found|user not found/i.test(description)) {
    return new ChannelSendError({ code: 'recipient_unavailable', message, retryable: false, providerCode });
  }
  if (errorCode >= 500) {
    return new ChannelSendError({ code: 'provider_unavailable', message, retryable: true, providerCode });
  }
  return new ChannelSendError({ code: 'invalid_request', message, retryable: false, providerCode });
}

const unavailable = (message: string) =>
  new ChannelSendError({ code: 'provider_unavailable', message, retryable: true });

/** Calls one Bot API method with a JSON body and answers its `result`, or throws ChannelSendError. */
export async function callBotApi(target: BotApiTarget, method: string, params: object): Promise<unknown> {
  let response: Response;
  try {
    response = await target.fetchImpl(`${root(target)}/bot${target.botToken}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
  } catch (error) {
    throw unavailable(`Telegram unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw response.status >= 500 || response.ok
      ? unavailable(`Telegram answered ${response.status} without JSON`)
      : botApiError(response.status, response.statusText);
  }
  const parsed = telegramResponse.safeParse(json);
  if (!parsed.success) throw unavailable(`Telegram answered ${response.status} with an unexpected body`);
  const body = parsed.data;
  if (body.ok) return body.result;
  throw botApiError(body.error_code, body.description, body.parameters?.retry_after);
}

/** Downloads a file the Bot API serves at `/file/bot{token}/{file_path}` (files up to 20 MB). */
export async function downloadBotFile(target: BotApiTarget, filePath: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await target.fetchImpl(`${root(target)}/file/bot${target.botToken}/${filePath}`, {
      method: 'GET',
    });
  } catch (error) {
    throw unavailable(`Telegram unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw botApiError(response.status, `file download failed (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

export interface WebhookRegistration {
  /** The integration's public webhook URL (HTTPS in production). */
  url: string;
  /** Sent back by Telegram in `X-Telegram-Bot-Api-Secret-Token` on every update. */
  secretToken: string;
}

/**
 * Points the bot's updates at the integration's webhook, when the integration is created or its secret
 * changes. Only new messages are asked for: edits, reactions and the rest are not part of the inbox.
 */
export async function setTelegramWebhook(
  target: BotApiTarget,
  registration: WebhookRegistration,
): Promise<void> {
  await callBotApi(target, 'setWebhook', {
    url: registration.url,
    secret_token: registration.secretToken,
    allowed_updates: ['message'],
  });
}

/** Stops the updates when the integration is removed. */
export async function deleteTelegramWebhook(target: BotApiTarget): Promise<void> {
  await callBotApi(target, 'deleteWebhook', {});
}
