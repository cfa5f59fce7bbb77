import { DOMAINS } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { type HandlerRef, handlerKey } from '@atende/shared/infra/handlers';
import { QUEUES } from '@atende/shared/infra/queues';
import { SCHEDULES } from '@atende/shared/infra/schedules';
import { TABLES } from '@atende/shared/infra/tables';
import { describe, expect, it } from 'vitest';
import { EMAIL_SENDERS, EMAIL_TRANSPORT_MODULE } from '../src/access.ts';
import { EMAIL_RECEIPT_HANDLER } from '../src/email.ts';
import { DEFAULT_FUNCTIONS_ROOT } from '../src/functions.ts';
import { importClosure } from './imports.ts';
import {
  functionsRootWith,
  SAMPLE_QUEUES,
  SAMPLE_REFS,
  SAMPLE_WORKER_QUEUES,
  synthSample,
} from './support.ts';

type Resource = { Properties: Record<string, unknown> };

const HANDLERS: HandlerRef[] = [
  ...Object.values(DOMAINS).map((domain) => domain.handler),
  ...QUEUES.map((queue) => queue.consumer.handler),
  ...SCHEDULES.map((schedule) => schedule.handler),
  WEBSOCKET_API.handler,
  WEBSOCKET_API.authorizer,
  EMAIL_RECEIPT_HANDLER,
  ...TABLES.flatMap((table) => (table.stream ? [table.stream.handler] : [])),
];

describe('SES sending rights', () => {
  it('lists exactly the handlers whose code reaches the e-mail transport', () => {
    const reaching = [
      ...new Set(
        HANDLERS.filter((ref) =>
          importClosure(DEFAULT_FUNCTIONS_ROOT, `${ref.module}.ts`).has(EMAIL_TRANSPORT_MODULE),
        ).map(handlerKey),
      ),
    ].sort();
    expect(EMAIL_SENDERS.map(handlerKey).sort()).toEqual(reaching);
  });

  const policiesSending = (template: ReturnType<typeof synthSample>['template']) =>
    Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes('ses:SendEmail'),
    );

  it('lets only the senders send, from the configured identity only', () => {
    // The sample app with the real e-mail queue: its consumer is the one sender.
    const emailQueue = QUEUES.find((queue) => queue.id === 'email-send');
    if (!emailQueue) throw new Error('no email-send queue');
    const { template } = synthSample({
      mailIdentities: ['atende.example.com'],
      queues: [...SAMPLE_QUEUES, { ...emailQueue, producers: [] }],
      functionsRoot: functionsRootWith(
        [...SAMPLE_REFS, emailQueue.consumer.handler],
        SAMPLE_WORKER_QUEUES.map((queue) => queue.worker.module),
      ),
    });
    const functions = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    /** The logical id of a function's execution role (`Role: {Fn::GetAtt: [<id>, 'Arn']}`). */
    const roleOf = (description: string): string => {
      const found = Object.values(functions).find((fn) => fn.Properties.Description === description);
      const role = found?.Properties.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
      const id = role?.['Fn::GetAtt']?.[0];
      if (!id) throw new Error(`no role for ${description}`);
      return id;
    };
    const sending = policiesSending(template);
    expect(sending).toHaveLength(1);
    const roles = JSON.stringify(sending[0]?.Properties.Roles);
    expect(roles).toContain(roleOf('channels/email/send-consumer.handler'));
    for (const other of ['auth/handler.handler', 'health/handler.handler', 'account/handler.handler']) {
      expect(roles, other).not.toContain(roleOf(other));
    }
    const document = JSON.stringify(sending[0]?.Properties.PolicyDocument);
    expect(document).toContain(':identity/atende.example.com');
    expect(document).not.toMatch(/identity\/\*/);
  });

  it('grants no SES rights when no sending identity is configured', () => {
    expect(policiesSending(synthSample().template)).toEqual([]);
  });
});
