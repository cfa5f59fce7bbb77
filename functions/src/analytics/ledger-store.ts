import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { batchGet, itemOf, type ItemKey } from '../lib/dynamo/batch-get.ts';
import { type TransactItem, transactWrite } from '../lib/dynamo/transaction.ts';
import { CLAIM_TTL_SECONDS, eventClaimKey } from '../lib/event-claims.ts';
import type { Contribution, ConversationFact } from './facts.ts';
import {
  addContribution,
  bucketOf,
  dimensionsOf,
  emptyRollup,
  type Grain,
  GRAINS,
  type Partition,
  type Rollup,
  rollupAttributes,
  rollupOf,
} from './rollup.ts';

export const LEDGER_CONSUMER = 'analytics';

/** Keys of the ledger: every one begins with the company id. */
export const ledgerKeys = {
  fact: (companyId: string, conversation: string): ItemKey => ({
    pk: `C#${companyId}#AN_FACT#${conversation}`,
    sk: 'FACT',
  }),
  /** gsi1: facts by opening time (the conversations report). */
  factsByOpening: (companyId: string) => `C#${companyId}#AN_FACTS#`,
  /** gsi2: facts still open (open_now). */
  openFacts: (companyId: string) => `C#${companyId}#AN_OPEN#`,
  rollupPartition: (companyId: string, partition: Partition, grain: Grain = 'hour') =>
    `C#${companyId}#${grain === 'hour' ? 'AN_ROLLUP' : 'AN_ROLLUP_DAY'}#${partition}#`,
  /** `bucket` is the UTC hour (`YYYY-MM-DDTHH`) or, for the day grain, the UTC day (`YYYY-MM-DD`). */
  rollup: (
    companyId: string,
    partition: Partition,
    bucket: string,
    key: string,
    grain: Grain = 'hour',
  ): ItemKey => ({
    pk: ledgerKeys.rollupPartition(companyId, partition, grain),
    sk: `${bucket}#${key}`,
  }),
};

/** A rollup item as stored: its key, its bucket (`hour` or `day`) and dimension key, the rollup, a version. */
export function rollupItem(
  key: ItemKey,
  grain: Grain,
  rollup: Rollup,
  version: number,
): Record<string, unknown> {
  const split = key.sk.indexOf('#');
  return {
    ...key,
    entity: 'analytics_rollup',
    [grain]: key.sk.slice(0, split),
    key: key.sk.slice(split + 1),
    ...rollupAttributes(rollup),
    version,
  };
}

export interface StoredFact {
  fact: ConversationFact;
  version: number;
}

export async function readFact(companyId: string, conversation: string): Promise<StoredFact | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({
      TableName: config().mainTable,
      Key: ledgerKeys.fact(companyId, conversation),
      ConsistentRead: true,
    }),
  );
  if (!Item) return undefined;
  return { fact: Item.fact as ConversationFact, version: Number(Item.version) };
}

function factItem(companyId: string, fact: ConversationFact, version: number): Record<string, unknown> {
  return {
    ...ledgerKeys.fact(companyId, fact.conversation),
    entity: 'analytics_fact',
    fact,
    version,
    ...(fact.opened_at
      ? { gsi1pk: ledgerKeys.factsByOpening(companyId), gsi1sk: `${fact.opened_at}#${fact.conversation}` }
      : {}),
    ...(fact.opened_at && !fact.closed_at
      ? { gsi2pk: ledgerKeys.openFacts(companyId), gsi2sk: fact.conversation }
      : {}),
  };
}

const versioned = (version: number | undefined) =>
  version === undefined
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } };

/** One event's change to the ledger: its claim, its conversation's fact as it was and as it becomes, its counts. */
export interface LedgerEntry {
  event: { id: string; company_id: string };
  previous: StoredFact | undefined;
  fact: ConversationFact;
  contributions: readonly Contribution[];
}

/** The facts of `conversations` as stored now (strongly consistent), by conversation. */
export async function readFacts(
  companyId: string,
  conversations: readonly string[],
): Promise<Map<string, StoredFact>> {
  const keys = conversations.map((conversation) => ledgerKeys.fact(companyId, conversation));
  const found = await batchGet(keys, { table: config().mainTable });
  const facts = new Map<string, StoredFact>();
  for (const [index, key] of keys.entries()) {
    const item = itemOf(found, key);
    if (item)
      facts.set(conversations[index] as string, {
        fact: item.fact as ConversationFact,
        version: Number(item.version),
      });
  }
  return facts;
}

interface TouchedRollup {
  key: ItemKey;
  grain: Grain;
  contributions: Contribution[];
  labels: Record<string, string>;
}

/** The rollup items the entries' contributions change, each with every contribution it receives. */
function touchedRollups(companyId: string, entries: readonly LedgerEntry[]): TouchedRollup[] {
  const touched = new Map<string, TouchedRollup>();
  for (const { fact, contributions } of entries) {
    for (const contribution of contributions) {
      for (const dimension of dimensionsOf(fact)) {
        for (const grain of GRAINS) {
          const bucket = bucketOf(contribution.at, grain);
          const key = ledgerKeys.rollup(companyId, dimension.partition, bucket, dimension.key, grain);
          const id = `${key.pk}\u0000${key.sk}`;
          const entry = touched.get(id) ?? { key, grain, contributions: [], labels: {} };
          entry.contributions.push(contribution);
          Object.assign(entry.labels, dimension.labels);
          touched.set(id, entry);
        }
      }
    }
  }
  return [...touched.values()];
}

/** Items of the transaction `entries` would be written in: a claim and a fact each, and the rollups they touch. */
export const ledgerItemCount = (companyId: string, entries: readonly LedgerEntry[]): number =>
  entries.length * 2 + touchedRollups(companyId, entries).length;

/**
 * Writes the entries' facts, the rollup items their contributions change (added up) and the events' claims in
 * one transaction (at most 100 items: see `ledgerItemCount`): a replayed event fails its claim's condition and
 * changes nothing, a concurrent writer of a fact or a rollup item fails its version condition (the caller reads
 * again and retries). The entries are of distinct conversations.
 */
export async function commitEvents(companyId: string, entries: readonly LedgerEntry[]): Promise<void> {
  const table = config().mainTable;
  const touched = touchedRollups(companyId, entries);
  const current = await batchGet(
    touched.map((entry) => entry.key),
    { table },
  );
  const rollups: TransactItem[] = touched.map(({ key, grain, contributions: added, labels }) => {
    const existing = itemOf(current, key);
    const rollup = existing ? rollupOf(existing) : emptyRollup();
    for (const contribution of added) addContribution(rollup, contribution);
    Object.assign(rollup.labels, labels);
    const version = existing ? Number(existing.version) : undefined;
    return {
      Put: {
        TableName: table,
        Item: rollupItem(key, grain, rollup, (version ?? 0) + 1),
        ...versioned(version),
      },
    };
  });
  const appliedAt = new Date().toISOString();
  const expiresAt = Math.floor(Date.now() / 1000) + CLAIM_TTL_SECONDS;
  await transactWrite({
    claims: entries.map(({ event }) => ({
      Put: {
        TableName: table,
        Item: {
          ...eventClaimKey(LEDGER_CONSUMER, event),
          entity: 'event_claim',
          consumer: LEDGER_CONSUMER,
          event: event.id,
          applied_at: appliedAt,
          expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
    facts: entries.map(({ previous, fact }) => ({
      Put: {
        TableName: table,
        Item: factItem(companyId, fact, (previous?.version ?? 0) + 1),
        ...versioned(previous?.version),
      },
    })),
    rollups,
  });
}
