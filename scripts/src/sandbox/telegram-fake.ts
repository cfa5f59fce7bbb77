import { profilePicture } from './profile-pictures.ts';
import type { FakeContext, FakeRequest, FakeResponse, FakeResult, SandboxFailure } from './types.ts';

/**
 * Fake of the Telegram Bot API: `POST /bot{token}/{method}` answering `{ok: true, result}` or
 * `{ok: false, error_code, description, parameters?}`, plus `getFile` and the `/file/bot{token}/{path}`
 * downloads of media the customer "sent" through the sandbox, and `getUserProfilePhotos` (the customer's profile
 * picture in two sizes, downloaded through getFile like any file).
 */

const fail = (errorCode: number, description: string, retryAfter?: number): FakeResponse => ({
  status: errorCode,
  body: {
    ok: false,
    error_code: errorCode,
    description,
    ...(retryAfter !== undefined ? { parameters: { retry_after: retryAfter } } : {}),
  },
});

function failureResponse(failure: SandboxFailure, retryAfter: number): FakeResponse {
  if (failure === 'rate_limit' || failure === 'pair_rate_limit')
    return fail(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
  if (failure === 'auth') return fail(401, 'Unauthorized');
  if (failure === 'recipient' || failure === 'marketing_cap')
    return fail(403, 'Forbidden: bot was blocked by the user');
  return fail(500, 'Internal Server Error');
}

const ok = (result: unknown, description?: string): FakeResponse => ({
  status: 200,
  body: { ok: true, result, ...(description ? { description } : {}) },
});

const TOKEN = /^\d+:[\w-]+$/;

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const SEND_FIELDS: Record<string, string> = {
  sendMessage: 'text',
  sendPhoto: 'photo',
  sendDocument: 'document',
  sendAudio: 'audio',
  sendVideo: 'video',
  sendVoice: 'voice',
};

/** The Message Telegram answers a send with; media are echoed as the file objects Telegram would create. */
function sentMessage(method: string, fields: Record<string, unknown>, botId: string, context: FakeContext) {
  const id = context.nextId();
  const field = SEND_FIELDS[method] ?? 'text';
  const file = { file_id: `sandbox-file-${id}`, file_unique_id: `sandbox-${id}` };
  const content =
    field === 'text'
      ? { text: fields.text }
      : field === 'photo'
        ? { photo: [{ ...file, width: 1280, height: 960 }] }
        : { [field]: file };
  return {
    message_id: id,
    from: { id: Number(botId), is_bot: true, first_name: 'Atende Sandbox', username: 'atende_sandbox_bot' },
    chat: { id: Number(fields.chat_id), type: 'private' },
    date: Math.floor(Date.now() / 1000),
    ...content,
    ...(typeof fields.caption === 'string' ? { caption: fields.caption } : {}),
  };
}

/** `getUserProfilePhotos`: a UserProfilePhotos object, each photo as PhotoSizes from small to large. */
function userProfilePhotos(fields: Record<string, unknown>, context: FakeContext): FakeResponse {
  const userId = fields.user_id;
  if (typeof userId !== 'number' && !(typeof userId === 'string' && /^\d+$/.test(userId))) {
    return fail(400, 'Bad Request: invalid user_id specified');
  }
  const media = profilePicture(context, String(userId));
  if (!media) return ok({ total_count: 0, photos: [] });
  const size = (side: number) => ({
    file_id: media.id,
    file_unique_id: `${media.id}-${side}`,
    file_size: media.bytes.byteLength,
    width: side,
    height: side,
  });
  return ok({ total_count: 1, photos: [[size(160), size(320), size(640)]] });
}

export function handleTelegram(request: FakeRequest, context: FakeContext): FakeResult {
  const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(request.path);
  if (download && request.method === 'GET') {
    const media = context.media.get(decodeURIComponent(download[2] ?? ''));
    const response: FakeResponse = media
      ? { status: 200, body: media.bytes, contentType: media.mimeType }
      : fail(404, 'Not Found');
    return { response, recorded: false };
  }
  const call = /^\/bot([^/]+)\/(\w+)$/.exec(request.path);
  const token = call?.[1] ?? '';
  const method = call?.[2] ?? '';
  if (!call) return { response: fail(404, 'Not Found'), recorded: true };
  if (!TOKEN.test(token)) return { response: fail(401, 'Unauthorized'), recorded: true };
  const fields = fieldsOf(request.body);
  if (method === 'getFile') {
    const fileId = String(fields.file_id ?? '');
    const media = context.media.get(fileId);
    const response = media
      ? ok({ file_id: fileId, file_unique_id: fileId, file_size: media.bytes.byteLength, file_path: fileId })
      : fail(400, 'Bad Request: invalid file_id');
    return { response, recorded: false };
  }
  if (method === 'getUserProfilePhotos')
    return { response: userProfilePhotos(fields, context), recorded: false };
  if (method === 'setWebhook') {
    const response = fields.url
      ? ok(true, 'Webhook was set')
      : fail(400, 'Bad Request: bad webhook: URL must be set');
    return { response, recorded: true };
  }
  if (method === 'deleteWebhook') return { response: ok(true, 'Webhook was deleted'), recorded: true };
  const field = SEND_FIELDS[method];
  if (!field) return { response: fail(404, 'Not Found'), recorded: true };
  const failure = context.takeFailure('telegram');
  if (failure) return { response: failureResponse(failure.failure, failure.retryAfter), recorded: true };
  if (!fields.chat_id) return { response: fail(400, 'Bad Request: chat_id is empty'), recorded: true };
  if (!fields[field]) return { response: fail(400, `Bad Request: ${field} is empty`), recorded: true };
  const botId = token.split(':')[0] ?? '0';
  return { response: ok(sentMessage(method, fields, botId, context)), recorded: true };
}
