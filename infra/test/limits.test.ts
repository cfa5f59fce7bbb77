import { DOMAINS } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { QUEUES, WORKER_QUEUES } from '@atende/shared/infra/queues';
import { SCHEDULES } from '@atende/shared/infra/schedules';
import { describe, expect, it } from 'vitest';
import { EMAIL_RECEIPT_HANDLER } from '../src/email.ts';
import { functionsRootWith, synth, webDistFixture } from './support.ts';
import { resourceCounts, stackTemplates } from './template-paths.ts';

/**
 * CloudFormation refuses a template above 500 resources; this keeps a wide margin below it. The queues and the
 * functions' log groups have nested stacks of their own; the next big concern to move out is the functions'
 * roles.
 */
const MAX_RESOURCES_PER_STACK = 400;
/** CloudFormation's outputs per template; the queues' nested stack hands every queue's ARN and URL out. */
const MAX_OUTPUTS_PER_STACK = 200;

describe("CloudFormation's resource limit", () => {
  it(`keeps the product stack and each nested stack under ${MAX_RESOURCES_PER_STACK} resources and ${MAX_OUTPUTS_PER_STACK} outputs`, () => {
    // Every handler and worker of shared's definitions exists, the way the product is deployed.
    const refs = [
      ...Object.values(DOMAINS).map((domain) => domain.handler),
      ...QUEUES.map((queue) => queue.consumer.handler),
      ...SCHEDULES.map((schedule) => schedule.handler),
      WEBSOCKET_API.handler,
      WEBSOCKET_API.authorizer,
      EMAIL_RECEIPT_HANDLER,
    ];
    const workers = WORKER_QUEUES.map((queue) => queue.worker.module);
    const { stack } = synth({
      functionsRoot: functionsRootWith(refs, workers),
      webDistPath: webDistFixture(),
    });
    const counts = resourceCounts(stack);
    console.info(
      `Resources per stack (limit ${MAX_RESOURCES_PER_STACK}):\n` +
        [...counts].map(([key, count]) => `  ${key || 'parent'}: ${count}`).join('\n'),
    );
    expect(stack.whatsappWorker).toBeDefined();
    expect(counts.size).toBeGreaterThan(2);
    for (const [key, count] of counts) {
      expect(count, key || 'parent').toBeLessThanOrEqual(MAX_RESOURCES_PER_STACK);
    }
    for (const { key, template } of stackTemplates(stack)) {
      const outputs = Object.keys((template.toJSON() as { Outputs?: object }).Outputs ?? {}).length;
      expect(outputs, `outputs of ${key || 'parent'}`).toBeLessThanOrEqual(MAX_OUTPUTS_PER_STACK);
    }
  });
});
