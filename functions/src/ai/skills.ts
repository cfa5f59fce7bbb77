import type { AssistantView } from '@atende/shared/contracts/ai/assistant-views';
import { CONTACT_FIELDS } from '@atende/shared/contracts/flows/graph';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiMessagesPtBR, aiSkillNamesPtBR } from '@atende/shared/i18n/ai';
import { isEmail } from '@atende/shared/rules/formats';
import { readContact, writeContact } from '../contacts/store.ts';
import type { ContactRecord } from '../contacts/records.ts';
import { foldText } from '../contacts/text.ts';
import { customFieldCatalogue } from '../custom-fields/catalogue.ts';
import { config } from '../lib/config.ts';
import { listCatalogue } from '../lib/dynamo/catalogue.ts';
import { safeFetch, UnsafeUrl } from '../lib/safe-fetch.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { claimedTool, type TurnRef } from './skill-claims.ts';
import { activityTool, dealTool } from './skills-crm.ts';
import type { Tool, ToolResult } from './tool-loop.ts';

const errors = aiMessagesPtBR.skillErrors;
const allowLocal = () => ['local', 'test'].includes(config().stage);

/**
 * Who the skills act for: the company of the conversation (from its record, never from the model) and its
 * customer. The model names fields, tags and queries; it can never name a company or a contact.
 */
export interface SkillContext {
  companyId: string;
  contactId?: string | undefined;
  /** The conversation being answered (deals and activities link to it); none in a preview. */
  conversationId?: string | undefined;
  /** Set when the hand_off tool ran. */
  handoff?: boolean;
  /** The customer message being answered: side-effecting tools then run once per message (skill-claims.ts). */
  turn?: TurnRef | undefined;
}

const ok = (result: unknown): ToolResult => ({ ok: true, result });
const fail = (error: string): ToolResult => ({ ok: false, error });
const text = (args: Record<string, unknown>, name: string) =>
  typeof args[name] === 'string' ? args[name].trim() : '';

/** A tool's function name from an admin's skill name ("Consultar pedido" → http_consultar_pedido). */
export const httpToolName = (name: string) =>
  `http_${foldText(name)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')}`.slice(0, 64);

async function editContact(
  ctx: SkillContext,
  edit: (contact: ContactRecord) => Partial<ContactRecord> | string,
): Promise<ToolResult> {
  if (!ctx.contactId) return fail(errors.noContact);
  const before = await readContact(ctx.companyId, ctx.contactId);
  if (!before) return fail(errors.noContact);
  const changes = edit(before);
  if (typeof changes === 'string') return fail(changes);
  await writeContact(
    before,
    { ...before, ...changes, updated_at: new Date().toISOString() },
    { actor: null },
  );
  return ok({ updated: Object.keys(changes) });
}

const objectSchema = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

function handoffTool(ctx: SkillContext): Tool {
  return {
    definition: {
      name: 'hand_off',
      description: 'Transfere a conversa para um atendente humano.',
      parameters: objectSchema({ reason: { type: 'string' } }),
    },
    run: async () => {
      ctx.handoff = true;
      return ok({ transferred: true });
    },
  };
}

function lookupTool(ctx: SkillContext): Tool {
  return {
    definition: {
      name: 'lookup_contact',
      description: 'Consulta os dados cadastrais do cliente desta conversa.',
      parameters: objectSchema({}),
    },
    run: async () => {
      const contact = ctx.contactId ? await readContact(ctx.companyId, ctx.contactId) : undefined;
      if (!contact) return fail(errors.noContact);
      return ok({
        nome: contact.full_name,
        telefone: contact.cel_phone ?? '',
        email: contact.email ?? '',
        campos: contact.custom_fields,
      });
    },
  };
}

async function updateTool(ctx: SkillContext): Promise<Tool> {
  const custom = (await listCatalogue(customFieldCatalogue, ctx.companyId)).map(
    (field) => `custom.${field.key}`,
  );
  const fields = [...CONTACT_FIELDS, ...custom];
  return {
    definition: {
      name: 'update_contact_field',
      description: 'Atualiza um campo do cadastro do cliente desta conversa.',
      parameters: objectSchema({ field: { type: 'string', enum: fields }, value: { type: 'string' } }, [
        'field',
        'value',
      ]),
    },
    run: async (args) => {
      const field = text(args, 'field');
      const value = text(args, 'value');
      if (!fields.includes(field)) return fail(interpolate(errors.unknownField, { field }));
      if (!value) return fail(interpolate(errors.missingArgument, { name: 'value' }));
      if (field === 'email' && !isEmail(value)) return fail(interpolate(errors.invalidEmail, { value }));
      return editContact(ctx, (contact) =>
        field.startsWith('custom.')
          ? { custom_fields: { ...contact.custom_fields, [field.slice('custom.'.length)]: value } }
          : { [field]: value },
      );
    },
  };
}

function tagTool(ctx: SkillContext): Tool {
  return {
    definition: {
      name: 'add_tag',
      description: 'Adiciona uma etiqueta (pelo nome) ao cliente desta conversa.',
      parameters: objectSchema({ tag: { type: 'string' } }, ['tag']),
    },
    run: async (args) => {
      const name = text(args, 'tag');
      if (!name) return fail(interpolate(errors.missingArgument, { name: 'tag' }));
      // Only this company's tags can be found: a name or id from elsewhere matches nothing.
      const tag = (await listCatalogue(tagCatalogue, ctx.companyId)).find(
        (candidate) => foldText(candidate.name) === foldText(name),
      );
      if (!tag) return fail(interpolate(errors.tagNotFound, { tag: name }));
      return editContact(ctx, (contact) => ({ tags: [...new Set([...contact.tags, tag._id])] }));
    },
  };
}

type Skill = AssistantView['skills'][number];
type HttpSkill = Extract<Skill, { url: string }>;
const isHttp = (skill: Skill): skill is HttpSkill => skill.kind === 'http';

function httpTool(skill: HttpSkill): Tool {
  return {
    definition: {
      name: httpToolName(skill.name),
      description: skill.description || skill.name,
      parameters: objectSchema({ query: { type: 'string' } }, ['query']),
    },
    run: async (args) => {
      const query = text(args, 'query');
      const url = new URL(skill.url);
      if (skill.method === 'GET') url.searchParams.set('q', query);
      try {
        const response = await safeFetch(
          {
            method: skill.method,
            url: url.toString(),
            headers: { accept: 'application/json, text/plain', 'content-type': 'application/json' },
            ...(skill.method === 'POST' ? { body: JSON.stringify({ query }) } : {}),
          },
          { allowLocal: allowLocal(), timeoutMs: 10_000 },
        );
        if (response.status < 200 || response.status >= 300)
          return fail(interpolate(errors.httpStatus, { status: response.status }));
        return ok(response.body.slice(0, 4000));
      } catch (error) {
        if (error instanceof UnsafeUrl) return fail(errors.unsafeUrl);
        throw error;
      }
    },
  };
}

/** The assistant's skills as tools the model may call, acting on the context's company and contact only. */
export async function skillTools(
  assistant: Pick<AssistantView, 'skills'>,
  ctx: SkillContext,
): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Map<string, number>();
  // Reads and the handoff flag are safe to repeat; writes and outside calls are claimed per message.
  const once = (tool: Tool) => (ctx.turn ? claimedTool(tool, ctx.companyId, ctx.turn, seen) : tool);
  for (const skill of assistant.skills) {
    if (skill.kind === 'handoff') tools.push(handoffTool(ctx));
    else if (skill.kind === 'lookup_contact') tools.push(lookupTool(ctx));
    else if (skill.kind === 'update_contact') tools.push(once(await updateTool(ctx)));
    else if (skill.kind === 'add_tag') tools.push(once(tagTool(ctx)));
    else if (skill.kind === 'create_deal') tools.push(once(dealTool(ctx, skill)));
    else if (skill.kind === 'schedule_activity') tools.push(once(activityTool(ctx, skill)));
    else if (isHttp(skill)) tools.push(once(httpTool(skill)));
  }
  return tools;
}

/** The label operators read for a tool call. */
export function skillLabel(assistant: Pick<AssistantView, 'skills'>, toolName: string): string {
  const names = aiSkillNamesPtBR;
  const builtIn: Record<string, string> = {
    hand_off: names.handoff,
    lookup_contact: names.lookup_contact,
    update_contact_field: names.update_contact,
    add_tag: names.add_tag,
    create_deal: names.create_deal,
    schedule_activity: names.schedule_activity,
  };
  return (
    builtIn[toolName] ??
    assistant.skills.filter(isHttp).find((skill) => httpToolName(skill.name) === toolName)?.name ??
    toolName
  );
}
