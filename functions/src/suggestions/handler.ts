import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  createSuggestion,
  listSuggestions,
  type SuggestionView,
  updateSuggestionStatus,
  voteSuggestion,
} from '@atende/shared/contracts/suggestions/routes';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { newObjectId } from '@atende/shared/domain/object-id';
import { suggestionsPtBR } from '@atende/shared/i18n/pt-BR';
import { canMoveSuggestion, type SuggestionStatus } from '@atende/shared/rules/suggestion-status';
import { getEmployee } from '../account/store.ts';
import { loadAccessContext } from '../company/access-context.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../lib/errors.ts';
import { createHttpHandler, route } from '../lib/http.ts';
import { queryAllByPrefix } from '../lib/dynamo/query.ts';
import { logger } from '../lib/logger.ts';
import { publishToRoom } from '../realtime/publish.ts';
import { companyRoom } from '@atende/shared/realtime/rooms';

/** pk C#<cid>#SUGGESTIONS: sk S#<id> (suggestion), V#<id>#<employee> (one vote each). */
const pk = (companyId: string) => `C#${companyId}#SUGGESTIONS`;
const table = () => config().mainTable;

interface SuggestionRecord {
  _id: string;
  title: string;
  description: string;
  status: SuggestionView['status'];
  author: { _id: string; name: string };
  created_at: string;
  votes: number;
  status_changed?: { at: string; by: string };
}

const view = (record: SuggestionRecord, auth: AuthContext, voted: boolean): SuggestionView => ({
  _id: record._id,
  title: record.title,
  description: record.description,
  status: record.status,
  author: record.author,
  created_at: record.created_at,
  votes: record.votes,
  voted,
  mine: record.author._id === auth.employeeId,
  status_changed: record.status_changed ?? null,
});

export async function list(auth: AuthContext) {
  const [items, votes] = await Promise.all([
    queryAllByPrefix(pk(auth.companyId), 'S#'),
    queryAllByPrefix(pk(auth.companyId), 'V#'),
  ]);
  const mine = new Set(
    votes
      .filter((item) => String(item.sk).endsWith(`#${auth.employeeId}`))
      .map((item) => String(item.sk).split('#')[1]),
  );
  return {
    items: items
      .map((item) => item as unknown as SuggestionRecord)
      .sort((a, b) => b.votes - a.votes || b.created_at.localeCompare(a.created_at))
      .map((record) => view(record, auth, mine.has(record._id))),
  };
}

export async function create(auth: AuthContext, body: { title: string; description: string }) {
  const author = await getEmployee(auth.companyId, auth.employeeId);
  const record: SuggestionRecord = {
    _id: newObjectId(),
    ...body,
    status: 'received',
    author: { _id: auth.employeeId, name: author?.name ?? '' },
    created_at: new Date().toISOString(),
    votes: 0,
  };
  await clients().document.send(
    new PutCommand({
      TableName: table(),
      Item: { pk: pk(auth.companyId), sk: `S#${record._id}`, entity: 'suggestion', ...record },
    }),
  );
  return view(record, auth, false);
}

export async function vote(auth: AuthContext, id: string) {
  const key = { pk: pk(auth.companyId), sk: `S#${id}` };
  const { Item } = await clients().document.send(new GetCommand({ TableName: table(), Key: key }));
  if (!Item) throw new NotFound(suggestionsPtBR.notFound);
  const record = Item as unknown as SuggestionRecord;
  if (record.author._id === auth.employeeId) throw new Forbidden(suggestionsPtBR.ownVote);
  try {
    await clients().document.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { pk: pk(auth.companyId), sk: `V#${id}#${auth.employeeId}`, entity: 'suggestion_vote' },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: table(),
              Key: key,
              UpdateExpression: 'ADD votes :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException')
      throw new Conflict(suggestionsPtBR.alreadyVoted);
    throw error;
  }
  return view({ ...record, votes: record.votes + 1 }, auth, true);
}

/**
 * Moves a suggestion along its review (rules/suggestion-status.ts). The write is conditional on the status read,
 * so two admins moving it at once cannot skip a step: the second gets 409.
 */
export async function moveStatus(auth: AuthContext, id: string, to: SuggestionStatus) {
  const key = { pk: pk(auth.companyId), sk: `S#${id}` };
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }),
  );
  if (!Item) throw new NotFound(suggestionsPtBR.notFound);
  const record = Item as unknown as SuggestionRecord;
  if (!canMoveSuggestion(record.status, to)) {
    const names = suggestionsPtBR.status;
    throw new Invalid(
      'status',
      interpolate(suggestionsPtBR.transitionNotAllowed, { from: names[record.status], to: names[to] }),
    );
  }
  const mover = await getEmployee(auth.companyId, auth.employeeId);
  const changed = { at: new Date().toISOString(), by: mover?.name ?? '' };
  try {
    await clients().document.send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET #status = :to, status_changed = :changed',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':to': to, ':from': record.status, ':changed': changed },
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
      throw new Conflict(suggestionsPtBR.changedMeanwhile);
    }
    throw error;
  }
  await announceStatus(auth, record, to);
  const voted = await clients().document.send(
    new GetCommand({ TableName: table(), Key: { pk: key.pk, sk: `V#${id}#${auth.employeeId}` } }),
  );
  return view({ ...record, status: to, status_changed: changed }, auth, voted.Item !== undefined);
}

/**
 * Open suggestion pages (the author's among them) see the move without a reload. The change is saved: a lost
 * frame only delays it until the next read, so a failure is logged, not raised.
 */
async function announceStatus(auth: AuthContext, record: SuggestionRecord, to: SuggestionStatus) {
  const companyId = auth.companyId;
  await publishToRoom(companyId, companyRoom(companyId), 'suggestion-update', {
    suggestion: record._id,
    author: record.author._id,
    status: to,
    by: auth.employeeId,
  }).catch((error: unknown) =>
    logger.warn('suggestion-update not delivered', {
      companyId,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

export const handler = createHttpHandler(
  [
    route(listSuggestions, ({ auth }) => list(auth)),
    route(createSuggestion, ({ auth, body }) => create(auth, body)),
    route(voteSuggestion, ({ auth, params }) => vote(auth, params.id)),
    route(updateSuggestionStatus, ({ auth, params, body }) => moveStatus(auth, params.id, body.status)),
  ],
  { accessContext: loadAccessContext },
);
