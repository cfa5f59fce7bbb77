import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type EvaluationCase,
  evaluationCase,
  evaluationView,
  type EvaluationView,
} from '@atende/shared/contracts/ai/evaluation-views';
import * as z from 'zod';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { aiKeys } from './keys.ts';

const table = () => config().mainTable;

/** A question picked for replay, before the assistant and the judge see it. */
export const candidate = z.object({ conversation: z.string(), question: z.string(), reference: z.string() });
export type Candidate = z.infer<typeof candidate>;

/** The stored evaluation: its view plus the company and the questions still to replay. */
export const evaluationRecord = evaluationView.extend({
  company: z.string(),
  candidates: z.array(candidate).default([]),
});
export type EvaluationRecord = z.infer<typeof evaluationRecord>;

export async function putEvaluation(record: EvaluationRecord): Promise<void> {
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: { ...aiKeys.evaluation(record.company, record._id), entity: 'ai_evaluation', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function readEvaluation(companyId: string, id: string): Promise<EvaluationRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: aiKeys.evaluation(companyId, id), ConsistentRead: true }),
  );
  return Item ? evaluationRecord.parse(Item) : undefined;
}

/** The company's evaluations, newest first (each item holds at most 50 short cases: a few hundred KB in all). */
export async function listEvaluationRecords(companyId: string): Promise<EvaluationView[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': aiKeys.evaluationPartition(companyId) },
    ScanIndexForward: false,
  });
  return items.map((item) => evaluationView.parse(item));
}

/** Writes changes to an evaluation; with `processed`, only while it still stands at that count. */
export async function updateEvaluation(
  record: Pick<EvaluationRecord, 'company' | '_id'>,
  changes: Partial<Omit<EvaluationRecord, 'company' | '_id' | 'cases'>>,
  options: { processed?: number; addCase?: EvaluationCase } = {},
): Promise<boolean> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes).map(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:v${index}`] = value;
    return `#f${index} = :v${index}`;
  });
  if (options.addCase) {
    names['#cases'] = 'cases';
    values[':case'] = [evaluationCase.parse(options.addCase)];
    sets.push('#cases = list_append(#cases, :case)');
  }
  let condition = 'attribute_exists(pk)';
  if (options.processed !== undefined) {
    names['#processed'] = 'processed';
    values[':processed'] = options.processed;
    condition += ' AND #processed = :processed';
  }
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: aiKeys.evaluation(record.company, record._id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
