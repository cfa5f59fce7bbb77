import type { FakeContext, FakeRequest, FakeResponse } from './types.ts';

/**
 * Fake of the WhatsApp Business Account's `message_templates` edge (Graph API): `POST` creates a template
 * (answered `{id, status: 'PENDING', category}`, as Meta does while it reviews), `GET` lists them in Graph's
 * `{data, paging}` page shape. Names are lowercase letters, digits and underscores; a name that already exists
 * in the language is refused with Meta's code 100 and its subcode.
 */
export interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: unknown[];
}

const CATEGORIES = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);

const graphError = (message: string, extra: Record<string, unknown> = {}): FakeResponse => ({
  status: 400,
  body: { error: { message, type: 'OAuthException', code: 100, ...extra, fbtrace_id: 'sandbox' } },
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function handleMessageTemplates(
  request: FakeRequest,
  context: FakeContext,
  wabaId: string,
): FakeResponse {
  const stored = context.templates.get(wabaId) ?? [];
  if (request.method === 'GET') {
    return { status: 200, body: { data: stored, paging: { cursors: { before: '', after: '' } } } };
  }
  const body = isRecord(request.body) ? request.body : {};
  const { name, language, category, components } = body;
  if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name)) {
    return graphError('Invalid parameter', {
      error_subcode: 2388042,
      error_user_msg: 'Template name is invalid.',
    });
  }
  if (typeof language !== 'string' || typeof category !== 'string' || !CATEGORIES.has(category)) {
    return graphError('Invalid parameter', { error_user_msg: 'language and a valid category are required.' });
  }
  const list = Array.isArray(components) ? components : [];
  if (
    !list.some(
      (component) => isRecord(component) && component.type === 'BODY' && typeof component.text === 'string',
    )
  ) {
    return graphError('Invalid parameter', { error_user_msg: 'A BODY component with text is required.' });
  }
  if (stored.some((template) => template.name === name && template.language === language)) {
    return graphError('Invalid parameter', {
      error_subcode: 2388024,
      error_user_title: 'Content in This Language Already Exists',
      error_user_msg: `There's already ${language} content for this template.`,
    });
  }
  const template: FakeTemplate = {
    id: String(594_425_479_261_000 + context.nextId()),
    name,
    language,
    category,
    status: 'PENDING',
    components: list,
  };
  context.templates.set(wabaId, [...stored, template]);
  return { status: 200, body: { id: template.id, status: template.status, category } };
}
