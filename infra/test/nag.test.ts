import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { synth, synthSample } from './support.ts';

const nagFindings = (stack: Parameters<typeof Annotations.fromStack>[0]) => {
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

  it('finds nothing unsuppressed in the full sample stack', () => {
    const { stack } = synthSample();
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
