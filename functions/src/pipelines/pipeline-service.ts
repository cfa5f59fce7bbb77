import type {
  pipelineBody,
  pipelinePatch,
  StageInput,
  StageView,
} from '@atende/shared/contracts/pipelines/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { pipelineMessagesPtBR } from '@atende/shared/i18n/pipelines';
import type { z } from 'zod';
import { getCatalogueItem } from '../lib/dynamo/catalogue.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, Invalid } from '../lib/errors.ts';
import { tagCatalogue } from '../tags/catalogue.ts';
import { announceDeal } from './announce.ts';
import { allDeals, queryDeals, writeDeal } from './deal-store.ts';
import type { DealRecord, PipelineRecord } from './records.ts';
import { listPipelineRecords, removePipeline, requirePipeline, writePipeline } from './store.ts';
import { toPipelineView } from './views.ts';

const t = pipelineMessagesPtBR;

export async function listPipelines(auth: AuthContext) {
  const records = await listPipelineRecords(auth.companyId);
  return {
    pipelines: records
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id))
      .map(toPipelineView),
  };
}

export async function getPipeline(auth: AuthContext, id: string) {
  return toPipelineView(await requirePipeline(auth.companyId, id));
}

/** The stages as stored: new ones get ids; a rule naming a tag or employee the company lacks is refused. */
async function buildStages(
  companyId: string,
  inputs: readonly StageInput[],
  existing: readonly StageView[],
): Promise<StageView[]> {
  const known = new Set(existing.map((stage) => stage._id));
  const assignees = inputs.flatMap((stage) =>
    stage.rules.activity?.assignee ? [stage.rules.activity.assignee] : [],
  );
  const employees = await existingEmployeeIds(companyId, assignees);
  const stages: StageView[] = [];
  for (const [index, input] of inputs.entries()) {
    if (input._id && !known.has(input._id)) throw new Invalid(`stages.${index}._id`, t.stageNotFound);
    const assignee = input.rules.activity?.assignee;
    if (assignee && !employees.has(assignee))
      throw new Invalid(`stages.${index}.rules.activity.assignee`, t.ownerNotFound);
    for (const field of ['add_tag', 'remove_tag'] as const) {
      const tag = input.rules[field];
      if (tag && !(await getCatalogueItem(tagCatalogue, companyId, tag)))
        throw new Invalid(`stages.${index}.rules.${field}`, t.tagNotFound);
    }
    stages.push({
      _id: input._id ?? newObjectId(),
      name: input.name,
      probability: input.probability,
      rules: input.rules,
    });
  }
  return stages;
}

export async function createPipeline(auth: AuthContext, body: z.infer<typeof pipelineBody>) {
  const now = new Date().toISOString();
  const record: PipelineRecord = {
    entity: 'pipeline',
    _id: newObjectId(),
    company: auth.companyId,
    name: body.name,
    stages: await buildStages(
      auth.companyId,
      body.stages.map(({ _id: _ignored, ...stage }) => stage),
      [],
    ),
    created_at: now,
    updated_at: now,
    version: 1,
  };
  await writePipeline(record);
  return toPipelineView(record);
}

/** Moves a deal to another stage of its pipeline as a bulk reorganisation: history kept, no stage rules. */
async function moveDeal(deal: DealRecord, to: string, actor: string, at: string) {
  const history = deal.history.map((entry, index) =>
    index === deal.history.length - 1 ? { ...entry, left_at: at } : entry,
  );
  const after = {
    ...deal,
    stage: to,
    history: [...history, { stage: to, entered_at: at, left_at: null, by: actor }],
    updated_at: at,
    version: deal.version + 1,
  };
  await writeDeal(deal, after);
  await announceDeal(after, 'moved');
}

/**
 * Renames, reorders, adds and deletes stages. A deleted stage that still holds deals needs a `moves` entry
 * naming a kept stage; its deals are moved there first, then the pipeline is written.
 */
export async function updatePipeline(auth: AuthContext, id: string, patch: z.infer<typeof pipelinePatch>) {
  const before = await requirePipeline(auth.companyId, id);
  const stages = patch.stages
    ? await buildStages(auth.companyId, patch.stages, before.stages)
    : before.stages;
  const kept = new Set(stages.map((stage) => stage._id));
  const removed = before.stages.filter((stage) => !kept.has(stage._id));
  const moves = new Map(patch.moves.map((move) => [move.from, move.to]));
  const pending: { deals: DealRecord[]; to: string }[] = [];
  for (const stage of removed) {
    const deals = await allDeals(auth.companyId, { kind: 'pipeline', pipeline: id, stage: stage._id });
    if (deals.length === 0) continue;
    const to = moves.get(stage._id);
    if (!to) throw new Conflict(t.stageHasDeals, 'stages');
    if (!kept.has(to)) throw new Invalid('moves', t.moveTargetInvalid);
    pending.push({ deals, to });
  }
  const now = new Date().toISOString();
  for (const { deals, to } of pending) {
    for (const deal of deals) await moveDeal(deal, to, auth.employeeId, now);
  }
  const after: PipelineRecord = {
    ...before,
    name: patch.name ?? before.name,
    stages,
    updated_at: now,
    version: before.version + 1,
  };
  await writePipeline(after, before.version);
  return toPipelineView(after);
}

/** A pipeline with deals (open or closed) is kept: its history would be lost with it. */
export async function deletePipeline(auth: AuthContext, id: string) {
  await requirePipeline(auth.companyId, id);
  const { deals } = await queryDeals(auth.companyId, { kind: 'pipeline', pipeline: id }, undefined, 1);
  if (deals.length > 0) throw new Conflict(t.pipelineHasDeals);
  await removePipeline(auth.companyId, id);
  return { deleted: id };
}
