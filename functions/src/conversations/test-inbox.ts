import { type InboundEvent, type InboundMessage, inboundGroupId } from '@atende/shared/channels/inbound';
import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { createTenant, setCompany, type Tenant } from '../company/test-tenant.ts';
import { handler as consumer } from './inbound-consumer.ts';

/**
 * Test support for the inbox: a tenant (admin, manager, operator) with two departments (the operator in
 * Vendas, the manager in Suporte) and one integration per channel the tests use.
 */
export interface Inbox extends Tenant {
  sales: string;
  support: string;
  widget: string;
  whatsapp: string;
  official: string;
  messenger: string;
}

const department = (id: string, name: string, employees: string[]): DepartmentNode => ({
  _id: id,
  name,
  label: name,
  employees,
  sub_departments: [],
  tag_color: '#1e88e5',
  view_all_contacts: false,
});

export const TEST_JWT_SECRET = 'test-secret-with-at-least-32-characters!';

export async function createInbox(): Promise<Inbox> {
  process.env.JWT_SECRET ??= TEST_JWT_SECRET;
  const tenant = await createTenant();
  const inbox: Inbox = {
    ...tenant,
    sales: newObjectId(),
    support: newObjectId(),
    widget: newObjectId(),
    whatsapp: newObjectId(),
    official: newObjectId(),
    messenger: newObjectId(),
  };
  await setCompany(tenant.companyId, {
    departments: [
      department(inbox.sales, 'Vendas', [tenant.operator.id]),
      department(inbox.support, 'Suporte', [tenant.manager.id]),
    ],
    widgets: { [inbox.widget]: { label: 'Site', access_token: 'widget-token', connection: true } },
    whatsapps: {
      [`integration-${inbox.whatsapp}`]: { label: 'Comercial', phone: '5585999990000', connection: false },
    },
    official_whatsapps: {
      [`integration-${inbox.official}`]: { label: 'Oficial', phone: '5585999991111', connection: true },
    },
    messengers: { [inbox.messenger]: { label: 'Página', access_token: 'page-token' } },
  });
  return inbox;
}

/** Sets sections of the company settings document as the admin would (the rest keeps its defaults). */
export const setSettings = (companyId: string, sections: Record<string, unknown>) =>
  setCompany(companyId, { company_settings: sections });

export const setPermissions = (companyId: string, permissions: Record<string, boolean>) =>
  setCompany(companyId, { permissions });

let provider = 0;

export function inboundText(
  inbox: Pick<Inbox, 'companyId' | 'widget'>,
  overrides: Partial<InboundMessage> & { externalId?: string } = {},
): InboundMessage {
  const { externalId, ...rest } = overrides;
  return {
    kind: 'message',
    companyId: inbox.companyId,
    integrationId: inbox.widget,
    channel: 'widget',
    providerMessageId: `p-${Date.now()}-${(provider += 1)}`,
    from: { externalId: externalId ?? 'visitor-1', name: 'Maria Cliente' },
    text: 'Olá, preciso de ajuda',
    sentAt: new Date().toISOString(),
    ...rest,
  };
}

let receipt = 0;

/** SQS-shaped records of the inbound FIFO queue, grouped by conversation key as enqueueInbound does. */
export function sqsRecord(event: InboundEvent, messageId = `m-${(receipt += 1)}`): SQSRecord {
  const externalId = event.kind === 'message' ? event.from.externalId : `status:${event.providerMessageId}`;
  return {
    messageId,
    receiptHandle: `r-${messageId}`,
    body: JSON.stringify(event),
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: String(Date.now()),
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
      MessageGroupId: inboundGroupId({
        companyId: event.companyId,
        integrationId: event.integrationId,
        externalId,
      }),
      MessageDeduplicationId: `${event.integrationId}:${event.providerMessageId}`,
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:inbound.fifo',
    awsRegion: 'us-east-1',
  };
}

export const sqsEvent = (records: SQSRecord[]): SQSEvent => ({ Records: records });

/** Runs the consumer on the events, as the queue would deliver them in one batch. */
export const deliverInbound = (...events: InboundEvent[]) =>
  consumer(sqsEvent(events.map((event) => sqsRecord(event))));
