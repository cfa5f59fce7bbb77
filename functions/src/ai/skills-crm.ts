import type { Skill } from '@atende/shared/contracts/ai/assistant-views';
import { ACTIVITY_ENTITY, DEAL_ENTITY } from '@atende/shared/contracts/pipelines/events';
import { newObjectId } from '@atende/shared/domain/object-id';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { aiMessagesPtBR } from '@atende/shared/i18n/ai';
import { readContact } from '../contacts/store.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import { writeActivity } from '../pipelines/activity-store.ts';
import { announceActivity, announceDeal } from '../pipelines/announce.ts';
import { saveEntry } from '../pipelines/deal-entry.ts';
import type { ActivityRecord, DealRecord } from '../pipelines/records.ts';
import { readPipeline } from '../pipelines/store.ts';
import type { SkillContext } from './skills.ts';
import type { Tool, ToolResult } from './tool-loop.ts';

/**
 * The CRM skills: a deal and a scheduled activity for the conversation's customer. The company, the contact
 * and the conversation come from the conversation's record (SkillContext); the pipeline, stage, owner and
 * assignee from the admin's skill settings (checked again on every call: an employee or stage may be gone). The model chooses only the title, the value and the date.
 */
const errors = aiMessagesPtBR.skillErrors;
const ok = (result: unknown): ToolResult => ({ ok: true, result });
const fail = (error: string): ToolResult => ({ ok: false, error });
const text = (args: Record<string, unknown>, name: string) =>
  typeof args[name] === 'string' ? args[name].trim() : '';

type DealSkill = Extract<Skill, { kind: 'create_deal' }>;
type ActivitySkill = Extract<Skill, { kind: 'schedule_activity' }>;

const objectSchema = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

export function dealTool(ctx: SkillContext, skill: DealSkill): Tool {
  return {
    definition: {
      name: 'create_deal',
      description:
        'Cria um negócio (oportunidade de venda) no funil para o cliente desta conversa, quando ele quer comprar ou pede um orçamento.',
      parameters: objectSchema(
        {
          title: { type: 'string' },
          value: { type: 'number', description: 'Valor em reais, se conhecido.' },
        },
        ['title'],
      ),
    },
    run: async (args) => {
      const title = text(args, 'title').slice(0, 120);
      if (!title) return fail(interpolate(errors.missingArgument, { name: 'title' }));
      const value =
        typeof args.value === 'number' && Number.isFinite(args.value) && args.value >= 0 ? args.value : 0;
      if (!ctx.contactId) return fail(errors.noContact);
      const [pipeline, contact] = await Promise.all([
        readPipeline(ctx.companyId, skill.pipeline),
        readContact(ctx.companyId, ctx.contactId),
      ]);
      if (!pipeline) return fail(errors.pipelineNotFound);
      if (!contact) return fail(errors.noContact);
      const stage = skill.stage
        ? pipeline.stages.find((candidate) => candidate._id === skill.stage)
        : pipeline.stages[0];
      if (!stage) return fail(errors.stageNotFound);
      const owner = skill.owner;
      if (!(await existingEmployeeIds(ctx.companyId, [owner])).has(owner))
        return fail(errors.employeeNotFound);
      const now = new Date();
      const at = now.toISOString();
      const deal: DealRecord = {
        entity: DEAL_ENTITY,
        _id: newObjectId(),
        company: ctx.companyId,
        pipeline: pipeline._id,
        stage: stage._id,
        title,
        value,
        customer: contact._id,
        owner,
        department: null,
        conversation: ctx.conversationId ?? null,
        expected_close: null,
        status: 'open',
        lost_reason: null,
        closed_at: null,
        history: [{ stage: stage._id, entered_at: at, left_at: null, by: null }],
        created_by: null,
        created_at: at,
        updated_at: at,
        version: 1,
      };
      // The stage's entry rules (activity, tag, owner notice) apply as to any deal entering it.
      await saveEntry(undefined, deal, stage, contact, owner, now);
      await announceDeal(deal, 'created');
      return ok({ negocio: deal._id, titulo: title, funil: pipeline.name, etapa: stage.name, valor: value });
    },
  };
}

export function activityTool(ctx: SkillContext, skill: ActivitySkill): Tool {
  return {
    definition: {
      name: 'schedule_activity',
      description:
        'Agenda uma atividade (ligação, reunião, tarefa) da equipe com o cliente desta conversa, na data e hora combinadas.',
      parameters: objectSchema(
        {
          title: { type: 'string' },
          due_at: {
            type: 'string',
            description: 'Data e hora ISO 8601 com fuso, ex. 2026-12-01T14:00:00-03:00.',
          },
        },
        ['title', 'due_at'],
      ),
    },
    run: async (args) => {
      const title = text(args, 'title').slice(0, 120);
      const dueText = text(args, 'due_at');
      if (!title) return fail(interpolate(errors.missingArgument, { name: 'title' }));
      const due = new Date(dueText);
      if (!dueText || Number.isNaN(due.getTime()))
        return fail(interpolate(errors.invalidDueAt, { value: dueText }));
      const now = new Date();
      if (due.getTime() < now.getTime()) return fail(interpolate(errors.pastDueAt, { value: dueText }));
      if (!(await existingEmployeeIds(ctx.companyId, [skill.assignee])).has(skill.assignee))
        return fail(errors.employeeNotFound);
      // Only a conversation's customer gets an activity (a preview has none, and changes nothing).
      const contact = ctx.contactId ? await readContact(ctx.companyId, ctx.contactId) : undefined;
      if (!contact) return fail(errors.noContact);
      const at = now.toISOString();
      const record: ActivityRecord = {
        entity: ACTIVITY_ENTITY,
        _id: newObjectId(),
        company: ctx.companyId,
        title,
        type: skill.activity_type,
        due_at: due.toISOString(),
        assignee: skill.assignee,
        customer: contact._id,
        deal: null,
        conversation: ctx.conversationId ?? null,
        notes: '',
        status: 'open',
        done_at: null,
        reminded_at: null,
        created_by: null,
        created_at: at,
        updated_at: at,
        source: null,
        version: 1,
      };
      await writeActivity(undefined, record, now);
      await announceActivity(record);
      return ok({ atividade: record._id, titulo: title, quando: record.due_at });
    },
  };
}
