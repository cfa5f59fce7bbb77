import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type AssistantBody,
  type AssistantView,
  assistantView,
  type Skill,
} from '@atende/shared/contracts/ai/assistant-views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { Invalid, NotFound } from '../lib/errors.ts';
import { checkUrl, UnsafeUrl } from '../lib/safe-fetch.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import { readPipeline } from '../pipelines/store.ts';
import { aiKeys } from './keys.ts';
import { listKbs } from './knowledge-store.ts';

const table = () => config().mainTable;
export const DEFAULT_THRESHOLD = 0.5;

export type AssistantRecord = AssistantView & { company: string };

export async function listAssistantRecords(companyId: string): Promise<AssistantRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': aiKeys.assistantPartition(companyId) },
  });
  return items.map((item) => ({ ...assistantView.parse(item), company: companyId }));
}

export async function requireAssistant(companyId: string, id: string): Promise<AssistantRecord> {
  const answer = await clients().document.send(
    new GetCommand({ TableName: table(), Key: aiKeys.assistant(companyId, id) }),
  );
  if (!answer.Item) throw new NotFound(aiMessagesPtBR.assistantNotFound);
  return { ...assistantView.parse(answer.Item), company: companyId };
}

/** The assistant answering a channel, if one is attached to it. */
export async function assistantForChannel(companyId: string, integrationId: string) {
  return (await listAssistantRecords(companyId)).find((assistant) =>
    assistant.channels.includes(integrationId),
  );
}

/**
 * HTTP skills are checked when saved (without calling them) as well as when called: an address that resolves
 * to a private, loopback or link-local network is refused (the local runtime allows loopback, as everywhere).
 */
async function checkSkills(skills: readonly Skill[]): Promise<void> {
  for (const [index, skill] of skills.entries()) {
    if (skill.kind !== 'http') continue;
    try {
      await checkUrl(skill.url, { allowLocal: ['local', 'test'].includes(config().stage) });
    } catch (error) {
      if (error instanceof UnsafeUrl)
        throw new Invalid(`skills.${index}.url`, aiMessagesPtBR.errors.unsafeUrl);
      // A host that does not resolve now may later: only the address rules refuse a skill.
    }
  }
}

/** CRM skills name this company's pipeline, stage and employees (400 on the field otherwise). */
async function checkCrmSkills(companyId: string, skills: readonly Skill[]): Promise<void> {
  const errors = aiMessagesPtBR.skillErrors;
  for (const [index, skill] of skills.entries()) {
    if (skill.kind === 'create_deal') {
      const pipeline = await readPipeline(companyId, skill.pipeline);
      if (!pipeline) throw new Invalid(`skills.${index}.pipeline`, errors.pipelineNotFound);
      if (skill.stage && !pipeline.stages.some((stage) => stage._id === skill.stage))
        throw new Invalid(`skills.${index}.stage`, errors.stageNotFound);
    }
    const employee =
      skill.kind === 'create_deal' ? skill.owner : skill.kind === 'schedule_activity' ? skill.assignee : null;
    if (employee && !(await existingEmployeeIds(companyId, [employee])).has(employee))
      throw new Invalid(
        `skills.${index}.${skill.kind === 'create_deal' ? 'owner' : 'assignee'}`,
        errors.employeeNotFound,
      );
  }
}

async function checkKnowledgeBases(companyId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set((await listKbs(companyId)).map((kb) => kb._id));
  const index = ids.findIndex((id) => !known.has(id));
  if (index >= 0) throw new Invalid(`knowledge_bases.${index}`, aiMessagesPtBR.unknownKnowledgeBase);
}

const view = ({ company: _company, ...rest }: AssistantRecord): AssistantView => rest;

async function write(record: AssistantRecord): Promise<AssistantView> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: { ...aiKeys.assistant(record.company, record._id), ...record },
    }),
  );
  return view(record);
}

export async function listAssistants(auth: AuthContext) {
  return { assistants: (await listAssistantRecords(auth.companyId)).map(view) };
}

export async function getAssistant(auth: AuthContext, id: string) {
  return view(await requireAssistant(auth.companyId, id));
}

export async function createAssistant(auth: AuthContext, body: AssistantBody) {
  await checkKnowledgeBases(auth.companyId, body.knowledge_bases);
  await checkSkills(body.skills);
  await checkCrmSkills(auth.companyId, body.skills);
  const now = new Date().toISOString();
  return write({
    _id: newObjectId(),
    company: auth.companyId,
    ...body,
    handoff: {
      department: body.handoff.department ?? null,
      threshold: body.handoff.threshold ?? DEFAULT_THRESHOLD,
    },
    created_at: now,
    updated_at: now,
  });
}

export async function updateAssistant(auth: AuthContext, id: string, patch: Partial<AssistantBody>) {
  const current = await requireAssistant(auth.companyId, id);
  if (patch.knowledge_bases) await checkKnowledgeBases(auth.companyId, patch.knowledge_bases);
  if (patch.skills) {
    await checkSkills(patch.skills);
    await checkCrmSkills(auth.companyId, patch.skills);
  }
  return write({
    ...current,
    ...patch,
    handoff: {
      department:
        patch.handoff?.department !== undefined ? patch.handoff.department : current.handoff.department,
      threshold: patch.handoff?.threshold ?? current.handoff.threshold,
    },
    updated_at: new Date().toISOString(),
  });
}

export async function deleteAssistant(auth: AuthContext, id: string) {
  await requireAssistant(auth.companyId, id);
  await clients().document.send(
    new DeleteCommand({ TableName: table(), Key: aiKeys.assistant(auth.companyId, id) }),
  );
  return { deleted: id };
}
