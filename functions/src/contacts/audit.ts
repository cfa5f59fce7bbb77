import type { AuditAction } from '@atende/shared/contracts/logs/list-logs';
import type { WalletView } from '@atende/shared/contracts/wallets/views';
import { getEmployee } from '../account/store.ts';
import { type AuditActor, auditItem } from '../audit/store.ts';
import type { TransactItem } from '../lib/dynamo/transaction.ts';
import type { ContactRecord } from './records.ts';

/** Who acted, by id: the name they had at the time (imports and exports run later, without a token). */
export async function actorOf(companyId: string, employeeId: string): Promise<AuditActor> {
  const employee = await getEmployee(companyId, employeeId);
  return { _id: employeeId, name: employee?.name ?? '' };
}

/** What the audit trail keeps of a contact: its own fields, not the bookkeeping (version, indexes). */
const contactSummary = (record: ContactRecord) => ({
  full_name: record.full_name,
  cel_phone: record.cel_phone ?? null,
  email: record.email ?? null,
  channel: record.channel,
  tags: record.tags,
  wallet: record.wallet,
  custom_fields: record.custom_fields,
  data_protection: record.data_protection,
});

/** The audit entry of a contact's change, to go in the change's own transaction. */
export function contactAudit(
  companyId: string,
  actor: AuditActor,
  action: Extract<AuditAction, 'create' | 'update' | 'delete'>,
  before: ContactRecord | undefined,
  after: ContactRecord | undefined,
): TransactItem {
  return auditItem(companyId, actor, {
    entity: 'contact',
    entityId: (after ?? before)?._id as string,
    action,
    before: before ? contactSummary(before) : null,
    after: after ? contactSummary(after) : null,
  });
}

/** What the audit trail keeps of a wallet: everything but the count other writers keep. */
const walletSummary = ({ customers_count: _count, created_at: _at, ...wallet }: WalletView) => wallet;

export function walletAudit(
  companyId: string,
  actor: AuditActor,
  action: Extract<AuditAction, 'create' | 'update' | 'delete'>,
  before: WalletView | undefined,
  after: WalletView | undefined,
): TransactItem {
  return auditItem(companyId, actor, {
    entity: 'wallet',
    entityId: (after ?? before)?._id as string,
    action,
    before: before ? walletSummary(before) : null,
    after: after ? walletSummary(after) : null,
  });
}
