import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../company/store.ts';
import type { ProviderIntegrationRecord } from '../../integrations/records.ts';
import { getIntegration } from '../../integrations/store.ts';
import { clients } from '../../lib/clients.ts';
import { config } from '../../lib/config.ts';
import { z } from 'zod';

/**
 * Inbound mail names nothing but the address it was sent to, so the address must lead to its integration
 * without knowing the company: a global pointer `MAILBOX#<address>` / `POINTER` holds only the company and
 * integration ids (like the integrations' own pointer). The integration's stored address is the truth: a
 * pointer left behind by a removed or re-addressed integration is ignored.
 */
export const mailboxKey = (address: string) => ({
  pk: `MAILBOX#${normalizedAddress(address)}`,
  sk: 'POINTER',
});

const mailboxPointer = z.object({ companyId: z.string(), integrationId: z.string() });

export const normalizedAddress = (address: string) => address.trim().toLowerCase();

/** The address an e-mail integration receives on (kept in clear in its masked credentials). */
export const mailboxOf = (record: ProviderIntegrationRecord): string | undefined =>
  record.provider === 'email' && record.masked.email ? normalizedAddress(record.masked.email) : undefined;

/** The write that claims an address for a new e-mail integration; a second integration on it fails. */
export function mailboxClaim(record: ProviderIntegrationRecord, address: string): TransactItem {
  return {
    Put: {
      TableName: config().mainTable,
      Item: { ...mailboxKey(address), companyId: record.company, integrationId: record._id },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The write that frees an address when its integration is removed or changes address. */
export function mailboxRelease(address: string): TransactItem {
  return { Delete: { TableName: config().mainTable, Key: mailboxKey(address) } };
}

async function viaPointer(address: string): Promise<ProviderIntegrationRecord | undefined> {
  const { Item } = await clients().document.send(
    new GetCommand({ TableName: config().mainTable, Key: mailboxKey(address) }),
  );
  const pointer = mailboxPointer.safeParse(Item);
  if (!pointer.success) return undefined;
  const record = await getIntegration(pointer.data.companyId, pointer.data.integrationId);
  return record && record.type !== 'widget' && mailboxOf(record) === address ? record : undefined;
}

/**
 * Integrations created before their address was claimed have no pointer: found once by a scan of the
 * e-mail integrations, then pointed to, so the next mail to the address is a single read.
 */
async function viaScan(address: string): Promise<ProviderIntegrationRecord | undefined> {
  const TableName = config().mainTable;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await clients().document.send(
      new ScanCommand({
        TableName,
        FilterExpression: 'entity = :entity AND provider = :provider AND masked.email = :address',
        ExpressionAttributeValues: { ':entity': 'integration', ':provider': 'email', ':address': address },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const { company, _id } = item as { company?: unknown; _id?: unknown };
      if (typeof company !== 'string' || typeof _id !== 'string') continue;
      const record = await getIntegration(company, _id);
      if (!record || record.type === 'widget' || mailboxOf(record) !== address) continue;
      await clients().document.send(
        new PutCommand({
          TableName,
          Item: { ...mailboxKey(address), companyId: company, integrationId: _id },
        }),
      );
      return record;
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return undefined;
}

/** The e-mail integration receiving on `address`, if any. */
export async function findMailbox(address: string): Promise<ProviderIntegrationRecord | undefined> {
  const normalized = normalizedAddress(address);
  return (await viaPointer(normalized)) ?? viaScan(normalized);
}
