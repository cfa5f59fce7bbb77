import { existsSync } from 'node:fs';
import path from 'node:path';
import { DOMAINS } from '@atende/shared/contracts/types';
import { type HandlerRef, handlerKey } from '@atende/shared/infra/handlers';
import { QUEUES, type QueueDefinition } from '@atende/shared/infra/queues';
import { SCHEDULES, type ScheduleDefinition } from '@atende/shared/infra/schedules';
import { TABLES, type TableDefinition } from '@atende/shared/infra/tables';
import {
  Annotations,
  AssetHashType,
  Duration,
  type ILocalBundling,
  NestedStack,
  RemovalPolicy,
} from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { lambdaBuildOptions } from './lambda-build.ts';
import { REPO_ROOT } from './paths.ts';

/** What a handler is used for; it decides the timeout and which grants it receives. */
export type FunctionRole = 'http' | 'consumer' | 'stream' | 'schedule' | 'realtime' | 'authorizer' | 'mail';

export interface FunctionsProps {
  domains?: Readonly<Record<string, { handler: HandlerRef }>>;
  queues?: readonly QueueDefinition[];
  /** Tables whose stream handler (the domain-event dispatcher) gets a function. */
  tables?: readonly TableDefinition[];
  schedules?: readonly ScheduleDefinition[];
  /** The WebSocket handler and authorizer; the authorizer also guards the REST API. */
  realtime: { handler: HandlerRef; authorizer: HandlerRef };
  /** The SES receipt handler of inbound e-mail. */
  mail?: HandlerRef;
  /** Folder holding the handler modules (`${module}.ts`); functions/src unless a test passes fixtures. */
  functionsRoot?: string;
  environment: Record<string, string>;
}

export interface HandlerFunction {
  ref: HandlerRef;
  roles: Set<FunctionRole>;
  fn: lambda.Function;
}

export const DEFAULT_FUNCTIONS_ROOT = path.join(REPO_ROOT, 'functions', 'src');

/** API Gateway gives up on an integration after 29 s; a longer Lambda timeout would only hide that. */
const HTTP_TIMEOUT = Duration.seconds(29);
const SCHEDULE_TIMEOUT = Duration.minutes(5);
/** A dispatcher batch is at most a few hundred SendMessageBatch calls. */
const STREAM_TIMEOUT = Duration.minutes(1);
const AUTHORIZER_TIMEOUT = Duration.seconds(10);
/** A mail may carry 25 MB of attachments to copy into the media bucket. */
const MAIL_TIMEOUT = Duration.minutes(2);

/**
 * A handler bundled at synth time on this machine (no Docker), with the options the bundle-size check
 * measures (lambda-build.ts). It is an object holding its entry, not a bare function, because CDK caches
 * bundled assets by their serialized bundling options: two handlers must not look alike.
 */
class LocalEsbuild implements ILocalBundling {
  constructor(readonly entry: string) {}

  tryBundle(outputDir: string): boolean {
    buildSync(lambdaBuildOptions([{ in: this.entry, out: 'index' }], outputDir));
    return true;
  }
}

const constructId = (ref: HandlerRef): string =>
  `Fn-${ref.module.replace(/[^A-Za-z0-9]+/g, '-')}-${ref.export}`;

/**
 * One Lambda function per distinct handler (domain Lambdas, queue consumers, schedule handlers, the realtime
 * handler and the authorizer). A handler whose module does not exist yet is left out with a warning, so the
 * stack synthesizes while later issues are still adding their handlers.
 */
export class Functions extends Construct {
  private readonly byKey = new Map<string, HandlerFunction>();
  /**
   * The functions' log groups live in a nested stack of their own: CloudFormation allows 500 resources per
   * template and the parent stack was at 398 of the 400 we allow it; each function hands over one output.
   */
  private readonly logs: NestedStack;

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    this.logs = new NestedStack(this, 'Logs', {
      description: 'CloudWatch log groups of the Lambda functions',
    });
    const root = props.functionsRoot ?? DEFAULT_FUNCTIONS_ROOT;
    const wanted = new Map<string, { ref: HandlerRef; roles: Set<FunctionRole>; visibility: number[] }>();
    const want = (ref: HandlerRef, role: FunctionRole, visibilitySeconds?: number): void => {
      const key = handlerKey(ref);
      const entry = wanted.get(key) ?? { ref, roles: new Set<FunctionRole>(), visibility: [] };
      entry.roles.add(role);
      if (visibilitySeconds !== undefined) entry.visibility.push(visibilitySeconds);
      wanted.set(key, entry);
    };
    for (const domain of Object.values(props.domains ?? DOMAINS)) want(domain.handler, 'http');
    for (const queue of props.queues ?? QUEUES) {
      want(queue.consumer.handler, 'consumer', queue.visibilityTimeoutSeconds);
    }
    for (const table of props.tables ?? TABLES) if (table.stream) want(table.stream.handler, 'stream');
    for (const schedule of props.schedules ?? SCHEDULES) want(schedule.handler, 'schedule');
    want(props.realtime.handler, 'realtime');
    want(props.realtime.authorizer, 'authorizer');
    if (props.mail) want(props.mail, 'mail');

    for (const [key, { ref, roles, visibility }] of wanted) {
      const entry = path.join(root, `${ref.module}.ts`);
      if (!existsSync(entry)) {
        Annotations.of(this).addWarningV2(
          '@atende/infra:missing-handler',
          `No Lambda for ${key}: ${path.relative(REPO_ROOT, entry)} does not exist yet.`,
        );
        continue;
      }
      const fn = this.createFunction(ref, entry, timeoutFor(roles, visibility), props.environment);
      this.byKey.set(key, { ref, roles, fn });
    }
  }

  /** The function serving a handler, or undefined when its module does not exist yet. */
  get(ref: HandlerRef): lambda.Function | undefined {
    return this.byKey.get(handlerKey(ref))?.fn;
  }

  /** Every function that runs application code (all but the authorizer, which only verifies tokens). */
  application(): lambda.Function[] {
    return [...this.byKey.values()]
      .filter((entry) => [...entry.roles].some((role) => role !== 'authorizer'))
      .map((entry) => entry.fn);
  }

  all(): lambda.Function[] {
    return [...this.byKey.values()].map((entry) => entry.fn);
  }

  addEnvironment(name: string, value: string): void {
    for (const fn of this.all()) fn.addEnvironment(name, value);
  }

  private createFunction(
    ref: HandlerRef,
    entry: string,
    timeout: Duration,
    environment: Record<string, string>,
  ): lambda.Function {
    const id = constructId(ref);
    const logGroup = new logs.LogGroup(this.logs, `${id}-Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Not NodejsFunction: it bundles to `--outfile`, which rules out esbuild's code splitting, so a handler's
    // `await import()` of a heavy reader ended up in the index.mjs every cold start loads.
    const fn = new lambda.Function(this, id, {
      code: lambda.Code.fromAsset(REPO_ROOT, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: { image: lambda.Runtime.NODEJS_22_X.bundlingImage, local: new LocalEsbuild(entry) },
      }),
      handler: `index.${ref.export}`,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1024,
      timeout,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      description: `${ref.module}.${ref.export}`,
      environment: { ...environment, NODE_OPTIONS: '--enable-source-maps' },
    });
    NagSuppressions.addResourceSuppressions(
      fn,
      [
        {
          id: 'AwsSolutions-L1',
          reason: 'Handlers target Node.js 22 on purpose; moving to a newer runtime is a tested upgrade.',
        },
        {
          id: 'AwsSolutions-IAM4',
          reason: 'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
          appliesTo: [
            'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
          ],
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Wildcards come from grant* helpers scoped to named resources: table index ARNs, bucket objects, ' +
            'X-Ray segments and the WebSocket @connections path.',
        },
      ],
      true,
    );
    return fn;
  }
}

function timeoutFor(roles: Set<FunctionRole>, visibilitySeconds: number[]): Duration {
  // SQS refuses an event source whose function may run longer than the queue's visibility timeout.
  if (visibilitySeconds.length > 0) return Duration.seconds(Math.min(...visibilitySeconds, 900));
  if (roles.has('schedule')) return SCHEDULE_TIMEOUT;
  if (roles.has('stream')) return STREAM_TIMEOUT;
  if (roles.has('mail')) return MAIL_TIMEOUT;
  if (roles.has('authorizer') && roles.size === 1) return AUTHORIZER_TIMEOUT;
  return HTTP_TIMEOUT;
}
