import type { Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { synth, synthSample } from './support.ts';

/** Findings of the stack; those of its nested stacks (route groups, the worker) are reported on it too. */
const nagFindings = (stack: Stack) => {
  const annotations = Annotations.fromStack(stack);
  const rule = Match.stringLikeRegexp('AwsSolutions-.*');
  return {
    errors: annotations.findError('*', rule),
    warnings: annotations.findWarning('*', rule),
  };
};

describe('cdk-nag AwsSolutions checks', () => {
  it('are really applied: a bare queue added to the stack is reported', () => {
    const { stack } = synth({}, (target) => new sqs.Queue(target, 'BareQueue'));
    const ids = nagFindings(stack).errors.map((error) => String(error.entry.data));
    expect(ids.some((message) => message.startsWith('AwsSolutions-SQS3'))).toBe(true);
    expect(ids.some((message) => message.startsWith('AwsSolutions-SQS4'))).toBe(true);
  });

  it('are applied inside nested stacks too: a bare queue in a route stack is reported', () => {
    const { stack } = synth({}, (target) => {
      const [routes] = target.api.routeStacks;
      if (routes) new sqs.Queue(routes, 'BareQueue');
    });
    const ids = nagFindings(stack).errors.map((error) => String(error.entry.data));
    expect(ids.some((message) => message.startsWith('AwsSolutions-SQS3'))).toBe(true);
  });

  it('finds nothing unsuppressed in the full sample stack, nested stacks included', () => {
    const { stack } = synthSample();
    expect(stack.whatsappWorker).toBeDefined();
    expect(stack.api.routeStacks.length).toBeGreaterThan(1);
    const { errors, warnings } = nagFindings(stack);
    expect(errors.map((error) => `${error.id}: ${String(error.entry.data)}`)).toEqual([]);
    expect(warnings.map((warning) => `${warning.id}: ${String(warning.entry.data)}`)).toEqual([]);
  });

  it("finds nothing unsuppressed in the stack built from shared's definitions", () => {
    const { stack } = synth();
    const { errors, warnings } = nagFindings(stack);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
