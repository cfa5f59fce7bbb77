import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { pipelineMessagesPtBR } from '@atende/shared/i18n/pipelines';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { queryAll } from '../lib/dynamo/query.ts';
import { isConditionFailure } from '../lib/dynamo/transaction.ts';
import { pipelineKeys } from './keys.ts';
import { pipelineRecord, type PipelineRecord } from './records.ts';

const table = () => config().mainTable;

export async function listPipelineRecords(companyId: string): Promise<PipelineRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pipelineKeys.all(companyId) },
  });
  return items.map((item) => pipelineRecord.parse(item));
}

export async function readPipeline(companyId: string, id: string): Promise<PipelineRecord | undefined> {
  const answer = await clients().document.send(
    new GetCommand({ TableName: table(), Key: pipelineKeys.pipeline(companyId, id) }),
  );
  return answer.Item ? pipelineRecord.parse(answer.Item) : undefined;
}

export async function requirePipeline(companyId: string, id: string): Promise<PipelineRecord> {
  const pipeline = await readPipeline(companyId, id);
  if (!pipeline) throw new NotFound(pipelineMessagesPtBR.pipelineNotFound);
  return pipeline;
}

/** Writes a pipeline; an update is conditioned on the version read, so two editors never overwrite. */
export async function writePipeline(record: PipelineRecord, previousVersion?: number): Promise<void> {
  try {
    await clients().document.send(
      new PutCommand({
        TableName: table(),
        Item: { ...pipelineKeys.pipeline(record.company, record._id), ...record },
        ...(previousVersion === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': previousVersion },
            }),
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(pipelineMessagesPtBR.changedMeanwhile);
    throw error;
  }
}

export async function removePipeline(companyId: string, id: string): Promise<void> {
  await clients().document.send(
    new DeleteCommand({ TableName: table(), Key: pipelineKeys.pipeline(companyId, id) }),
  );
}
