import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import {
  conditionFailed,
  isTransactionConflict,
  TransactionCancelled,
  transactWrite,
} from '../lib/dynamo/transaction.ts';
import { keys } from '../auth/keys.ts';
import { clients } from '../lib/clients.ts';
import { config } from '../lib/config.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { readCache } from '../lib/read-cache.ts';

import type { TransactItem } from '../lib/dynamo/transaction.ts';

export type { TransactItem };

/** The company item as stored, every attribute included (the public views strip what they do not show). */
export type CompanyItem = Record<string, unknown>;

/**
 * Optimistic lock of the administration writes on the company item (departments, tabulations, settings,
 * permissions, profile, active user count): each one is conditioned on the version it read.
 */
const VERSION = 'admin_version';
const ATTEMPTS = 4;

export async function readCompanyItem(companyId: string): Promise<CompanyItem> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: keys.company(companyId), ConsistentRead: true }),
  );
  if (!Item) throw new NotFound(adminPtBR.companyNotFound);
  return Item;
}

/**
 * The company item as read by the message paths (the inbound engine, the analytics ledger): its settings and
 * channel entries change rarely and every message reads them. Up to COMPANY_CACHE_MS old for a change made by
 * another process (an office-hours or integration change takes effect on the next few seconds' messages);
 * every write here forgets it. Writes conditioned on the company's version read it with `readCompanyItem`.
 */
const COMPANY_CACHE_MS = 5_000;
const companies = readCache<CompanyItem>(COMPANY_CACHE_MS);

export const readCompanyItemCached = (companyId: string): Promise<CompanyItem> =>
  companies.get(companyId, () => readCompanyItem(companyId));

/** For a writer of the company item outside `changeCompany` (this process's next cached read sees it). */
export const forgetCompanyItem = (companyId: string): void => companies.forget(companyId);

export interface CompanyChange<T> {
  /** Attributes to set on the company item; a key may be a dotted path into a map (settings.timezone). */
  set: Record<string, unknown>;
  /** Top-level attributes to remove. */
  remove?: readonly string[];
  /** Other writes that commit or fail with it (audit entry, employee items ...). */
  items?: TransactItem[];
  result: T;
  /** Turns a failed condition of `items[index]` into the error to answer. */
  onItemConditionFailed?: (index: number) => Error;
}

function companyUpdate(
  companyId: string,
  version: number,
  set: Record<string, unknown>,
  remove: readonly string[],
): TransactItem {
  const names: Record<string, string> = { '#version': VERSION };
  const values: Record<string, unknown> = { ':next': version + 1 };
  const assignments = Object.entries(set).map(([path, value], index) => {
    const segments = path.split('.').map((segment, depth) => {
      const name = `#a${index}_${depth}`;
      names[name] = segment;
      return name;
    });
    values[`:v${index}`] = value;
    return `${segments.join('.')} = :v${index}`;
  });
  const removals = remove.map((attribute, index) => {
    names[`#r${index}`] = attribute;
    return `#r${index}`;
  });
  if (version > 0) values[':version'] = version;
  return {
    Update: {
      TableName: config().mainTable,
      Key: keys.company(companyId),
      UpdateExpression:
        `SET ${[...assignments, '#version = :next'].join(', ')}` +
        (removals.length > 0 ? ` REMOVE ${removals.join(', ')}` : ''),
      ConditionExpression:
        version > 0
          ? 'attribute_exists(pk) AND #version = :version'
          : 'attribute_exists(pk) AND attribute_not_exists(#version)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Reads the company, lets `build` decide the change from what it read, and writes the company attributes
 * together with the other items in one transaction conditioned on the version read. A concurrent change
 * makes it read and build again; nothing is ever half-written.
 */
export async function changeCompany<T>(
  companyId: string,
  build: (company: CompanyItem) => Promise<CompanyChange<T>> | CompanyChange<T>,
): Promise<T> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const company = await readCompanyItem(companyId);
    const version = typeof company[VERSION] === 'number' ? company[VERSION] : 0;
    const change = await build(company);
    const items = change.items ?? [];
    try {
      await transactWrite({
        company: companyUpdate(companyId, version, change.set, change.remove ?? []),
        items,
      });
      forgetCompanyItem(companyId);
      return change.result;
    } catch (error) {
      // A failed write may still have landed (a timeout): the next cached read goes to the table.
      forgetCompanyItem(companyId);
      const itemFailure =
        error instanceof TransactionCancelled ? error.failedWithin.get('items')?.[0] : undefined;
      if (itemFailure !== undefined && change.onItemConditionFailed) {
        throw change.onItemConditionFailed(itemFailure);
      }
      if (!conditionFailed(error, 'company') && !isTransactionConflict(error)) throw error;
      logger.info('company changed concurrently, retrying', { companyId, attempt });
    }
  }
  throw new Conflict(adminPtBR.concurrentChange);
}
