import { randomBytes } from 'node:crypto';
import { profilePicture } from './profile-pictures.ts';
import { handleMessageTemplates } from './templates-fake.ts';
import type {
  FakeContext,
  FakeRequest,
  FakeResponse,
  FakeResult,
  SandboxFailure,
  SandboxProvider,
} from './types.ts';

/**
 * Fakes of the Meta Graph API (WhatsApp Cloud API `/{version}/{phone_number_id}/messages`, the Messenger and
 * Instagram Send API `/{version}/me/messages`, media lookups) and of 360dialog, which hosts the Cloud API
 * behind its own root and `D360-API-KEY`. Bodies and error shapes follow the providers' documentation.
 */

const trace = () => randomBytes(8).toString('base64url');

const graphError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: trace() } },
});

/** WhatsApp (Cloud API) and Messenger name the same failures with different codes. */
function graphFailure(failure: SandboxFailure, whatsapp: boolean): FakeResponse {
  switch (failure) {
    case 'rate_limit':
      return whatsapp
        ? graphError(429, 130429, '(#130429) Rate limit hit', {
            error_data: {
              messaging_product: 'whatsapp',
              details: 'Cloud API message throughput has been reached.',
            },
          })
        : graphError(400, 613, '(#613) Calls to this api have exceeded the rate limit.');
    case 'auth':
      return graphError(401, 190, 'Error validating access token: Session has expired.', {
        error_subcode: 463,
      });
    case 'unavailable':
      return graphError(500, 2, 'An unexpected error has occurred. Please retry your request later.');
    case 'pair_rate_limit':
      return whatsapp
        ? graphError(400, 131056, '(#131056) (Business Account, Consumer Account) pair rate limit hit', {
            error_data: {
              messaging_product: 'whatsapp',
              details:
                'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
            },
          })
        : graphError(400, 613, '(#613) Calls to this api have exceeded the rate limit.');
    case 'marketing_cap':
      return whatsapp
        ? graphError(
            400,
            131049,
            'This message was not delivered to maintain healthy ecosystem engagement.',
            {
              error_data: {
                messaging_product: 'whatsapp',
                details: 'This message was not delivered to maintain healthy ecosystem engagement.',
              },
            },
          )
        : graphError(400, 551, "This person isn't available right now.", { error_subcode: 1545041 });
    case 'recipient':
      return whatsapp
        ? graphError(400, 131026, 'Message Undeliverable.', {
            error_data: { messaging_product: 'whatsapp', details: 'Message Undeliverable.' },
          })
        : graphError(400, 551, "This person isn't available right now.", { error_subcode: 1545041 });
  }
}

const json = (status: number, body: unknown): FakeResponse => ({ status, body });
const sent = (response: FakeResponse): FakeResult => ({ response, recorded: true });
const served = (response: FakeResponse): FakeResult => ({ response, recorded: false });

const bearer = (request: FakeRequest) =>
  request.headers.authorization?.startsWith('Bearer ') || Boolean(request.query.access_token);

const missingToken = () => graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const wamid = (context: FakeContext, to: string) =>
  `wamid.${Buffer.from(`HBgN${to}FQIAERgS${context.nextId().toString(16).toUpperCase().padStart(18, '0')}`).toString('base64')}`;

/** The Cloud API answer to `/messages` (templates come back "accepted"); read receipts answer `{success}`. */
function cloudApiSend(request: FakeRequest, context: FakeContext): FakeResponse {
  const body = isRecord(request.body) ? request.body : {};
  if (body.status === 'read') return json(200, { success: true });
  if (body.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || typeof body.type !== 'string') {
    return graphError(400, 100, '(#100) Invalid parameter', {
      error_data: { messaging_product: 'whatsapp', details: 'messaging_product, to and type are required' },
    });
  }
  const waId = body.to.replace(/\D/g, '');
  const message = {
    id: wamid(context, waId),
    ...(body.type === 'template' ? { message_status: 'accepted' } : {}),
  };
  return json(200, {
    messaging_product: 'whatsapp',
    contacts: [{ input: body.to, wa_id: waId }],
    messages: [message],
  });
}

function messengerSend(request: FakeRequest, context: FakeContext): FakeResponse {
  const body = isRecord(request.body) ? request.body : {};
  const recipient = isRecord(body.recipient) ? body.recipient.id : undefined;
  if (typeof recipient !== 'string' || !isRecord(body.message)) {
    return graphError(400, 100, '(#100) param recipient and message must be non-empty.');
  }
  const mid = `m_${Buffer.from(`sandbox-${context.nextId()}-${recipient}`).toString('base64url')}`;
  return json(200, { recipient_id: recipient, message_id: mid });
}

/** Where the fake serves the customer's media, like Meta's lookaside CDN (path kept for 360dialog's proxy). */
const ATTACHMENTS_PATH = '/whatsapp_business/attachments/';

/**
 * 360dialog's `GET /{media-id}` answers Meta's own CDN URL; its clients fetch the same path and query from
 * 360dialog's root with `D360-API-KEY` (docs.360dialog.com, "Upload, retrieve or delete media").
 */
const META_CDN = 'https://lookaside.fbsbx.com';

function mediaInfo(mount: string, id: string, context: FakeContext): FakeResponse {
  const media = context.media.get(id);
  if (!media) {
    return graphError(400, 100, `Unsupported get request. Object with ID '${id}' does not exist.`, {
      error_subcode: 33,
    });
  }
  return json(200, {
    messaging_product: 'whatsapp',
    url: `${mount === 'dialog' ? META_CDN : `${context.baseUrl}/${mount}`}${ATTACHMENTS_PATH}?mid=${encodeURIComponent(id)}`,
    mime_type: media.mimeType,
    sha256: '',
    file_size: media.bytes.byteLength,
    id,
  });
}

function mediaDownload(request: FakeRequest, context: FakeContext): FakeResponse {
  const media = context.media.get(request.query.mid ?? '');
  return media ? { status: 200, body: media.bytes, contentType: media.mimeType } : json(404, 'Not Found');
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** Where the fake serves profile pictures, like Meta's signed CDN URLs: no token needed to download. */
const PROFILE_PICS_PATH = '/profile-pics/';

/** The fields each platform's User Profile API answers (Messenger by PSID, Instagram by IGSID). */
const PROFILE_FIELDS: Record<string, (id: string) => string> = {
  first_name: () => 'Cliente',
  last_name: (id) => `Sandbox ${id.slice(-4)}`,
  name: (id) => `Cliente Sandbox ${id.slice(-4)}`,
  username: (id) => `cliente_${id.slice(-4)}`,
};

/**
 * Messenger/Instagram User Profile API: `GET /{version}/{PSID or IGSID}?fields=...` answers the asked fields and
 * `profile_pic`, a URL of the picture (left out when the customer keeps it private).
 */
function userProfile(mount: string, id: string, fields: string, context: FakeContext): FakeResponse {
  const asked = fields.split(',').map((field) => field.trim());
  const answer: Record<string, string> = { id };
  for (const field of asked) {
    const value = PROFILE_FIELDS[field];
    if (value) answer[field] = value(id);
  }
  if (asked.includes('profile_pic') && profilePicture(context, id)) {
    answer.profile_pic = `${context.baseUrl}/${mount}${PROFILE_PICS_PATH}${encodeURIComponent(id)}`;
  }
  return json(200, answer);
}

function profilePicDownload(request: FakeRequest, context: FakeContext): FakeResponse {
  const id = decodeURIComponent(request.path.slice(PROFILE_PICS_PATH.length));
  const media = profilePicture(context, id);
  return media ? { status: 200, body: media.bytes, contentType: media.mimeType } : json(404, 'Not Found');
}

/**
 * Graph API mounts: meta (WhatsApp Cloud), motor (Cloud-API-compatible) and messenger (the Send API of Messenger
 * and Instagram); each answers both send paths, recorded and failed under its own mount.
 */
export function handleGraph(
  provider: SandboxProvider,
  request: FakeRequest,
  context: FakeContext,
): FakeResult {
  const parts = segments(request.path);
  if (request.method === 'GET' && request.path.startsWith(ATTACHMENTS_PATH)) {
    return served(bearer(request) ? mediaDownload(request, context) : missingToken());
  }
  if (request.method === 'GET' && request.path.startsWith(PROFILE_PICS_PATH)) {
    return served(profilePicDownload(request, context));
  }
  if (!bearer(request)) return sent(missingToken());
  if (request.method === 'GET' && parts.length === 2 && parts[1] && request.query.fields !== undefined)
    return served(userProfile(provider, parts[1], request.query.fields, context));
  if (request.method === 'GET' && parts.length === 2 && parts[1])
    return served(mediaInfo(provider, parts[1], context));
  if (parts.length === 3 && parts[1] && parts[2] === 'message_templates' && provider !== 'messenger') {
    const answer = handleMessageTemplates(request, context, parts[1]);
    return request.method === 'GET' ? served(answer) : sent(answer);
  }
  if (request.method === 'POST' && parts.length === 3 && parts[2] === 'messages') {
    const messenger = parts[1] === 'me';
    const failure = context.takeFailure(provider);
    if (failure) return sent(graphFailure(failure.failure, !messenger));
    return sent(messenger ? messengerSend(request, context) : cloudApiSend(request, context));
  }
  return sent(graphError(400, 100, `Unsupported ${request.method} request.`));
}

function dialogFailure(failure: SandboxFailure): FakeResponse {
  const meta = (status: number, message: string) =>
    json(status, {
      meta: { success: false, http_code: status, developer_message: message, '360dialog_trace_id': trace() },
    });
  if (failure === 'rate_limit') return meta(429, 'You have exceeded the endpoint rate limit.');
  if (failure === 'auth') return meta(401, 'Invalid api_key');
  if (failure === 'unavailable') return meta(500, 'Internal server error');
  // 360dialog passes Meta's own errors through for undeliverable messages.
  return graphFailure('recipient', true);
}

/** 360dialog: `POST /messages` and media lookups, all behind `D360-API-KEY`. */
export function handleDialog(request: FakeRequest, context: FakeContext): FakeResult {
  const parts = segments(request.path);
  const authorized = Boolean(request.headers['d360-api-key']);
  if (request.method === 'GET' && request.path.startsWith(ATTACHMENTS_PATH)) {
    return served(authorized ? mediaDownload(request, context) : dialogFailure('auth'));
  }
  if (!authorized) return sent(dialogFailure('auth'));
  if (request.method === 'GET' && parts.length === 1 && parts[0])
    return served(mediaInfo('dialog', parts[0], context));
  if (request.method === 'POST' && request.path === '/messages') {
    const failure = context.takeFailure('dialog');
    return sent(failure ? dialogFailure(failure.failure) : cloudApiSend(request, context));
  }
  return sent(json(404, { meta: { success: false, http_code: 404, developer_message: 'Not found' } }));
}
