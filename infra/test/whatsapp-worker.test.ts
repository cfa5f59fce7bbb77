import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENV } from '@atende/shared/infra/env';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import { WhatsappWorker } from '../src/whatsapp-worker.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { SAMPLE_WORKER_QUEUES, synthSample, workerEntryFixture } from './support.ts';

const { stack } = synthSample();
const worker = stack.whatsappWorker;
if (!worker) throw new Error('the sample stack has no worker');
const template = Template.fromStack(worker);
const parent = Template.fromStack(stack);

type Statement = { Action: string | string[]; Resource: unknown };
const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** The parent's value for a parameter of the worker's nested stack (what a `{Ref}` in it points to). */
const parentValueOf = (value: unknown): string => {
  const ref = JSON.stringify(value).match(/"Ref":"([^"]+)"/)?.[1];
  if (!ref) return JSON.stringify(value);
  const resource = stack.getLogicalId(worker.nestedStackResource as never);
  const parameters = (
    parent.toJSON() as { Resources: Record<string, { Properties: { Parameters?: object } }> }
  ).Resources[resource]?.Properties.Parameters as Record<string, unknown> | undefined;
  return JSON.stringify(parameters?.[ref] ?? value);
};

const statementsOfRole = (rolePattern: RegExp): Statement[] => {
  const roleId = Object.keys(template.findResources('AWS::IAM::Role')).find((id) => rolePattern.test(id));
  const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } });
  return Object.values(policies).flatMap(
    (policy) =>
      (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument
        .Statement,
  );
};

/** Actions of a role on resources whose parent-side reference matches. */
const actionsOn = (statements: Statement[], target: RegExp): string[] =>
  statements.filter((statement) => target.test(parentValueOf(statement.Resource))).flatMap(actionsOf);

describe('WhatsApp session worker on ECS Fargate', () => {
  it('runs one 0.25 vCPU / 512 MB task, replaced stop-first, rolled back by the circuit breaker', () => {
    template.hasResourceProperties('AWS::ECS::TaskDefinition', {
      Cpu: '256',
      Memory: '512',
      RequiresCompatibilities: ['FARGATE'],
    });
    template.hasResourceProperties('AWS::ECS::Service', {
      LaunchType: 'FARGATE',
      DesiredCount: 1,
      DeploymentConfiguration: {
        DeploymentCircuitBreaker: { Enable: true, Rollback: true },
        MinimumHealthyPercent: 0,
        MaximumPercent: 100,
      },
      NetworkConfiguration: { AwsvpcConfiguration: Match.objectLike({ AssignPublicIp: 'ENABLED' }) },
    });
  });

  it('lives in public subnets without NAT gateways and accepts no inbound traffic', () => {
    template.resourceCountIs('AWS::EC2::NatGateway', 0);
    template.resourceCountIs('AWS::EC2::Subnet', 2);
    template.allResourcesProperties('AWS::EC2::Subnet', { MapPublicIpOnLaunch: true });
    const groups = Object.values(template.findResources('AWS::EC2::SecurityGroup')) as {
      Properties: Record<string, unknown>;
    }[];
    expect(groups).toHaveLength(1);
    expect(groups[0]?.Properties.SecurityGroupIngress).toBeUndefined();
  });

  it('logs to a log group kept for a month', () => {
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
    template.hasResourceProperties('AWS::ECS::TaskDefinition', {
      ContainerDefinitions: [
        Match.objectLike({ LogConfiguration: Match.objectLike({ LogDriver: 'awslogs' }) }),
      ],
    });
  });

  it('gets its configuration by environment and the encryption key from Secrets Manager', () => {
    const [container] = (
      Object.values(template.findResources('AWS::ECS::TaskDefinition'))[0] as {
        Properties: { ContainerDefinitions: Record<string, unknown>[] };
      }
    ).Properties.ContainerDefinitions;
    const environment = new Map(
      (container?.Environment as { Name: string; Value: unknown }[]).map(({ Name, Value }) => [Name, Value]),
    );
    expect(environment.get(ENV.tablePrefix)).toBe('atende-test-');
    expect(environment.has(ENV.encryptionKey)).toBe(false);
    const queueUrls = JSON.stringify(environment.get(ENV.queueUrls));
    expect(queueUrls).toContain(`\\"${SAMPLE_WORKER_QUEUES[0]?.id}\\":`);
    expect(queueUrls).toContain('\\"inbound\\":');
    for (const name of [ENV.mediaBucket, ENV.websocketManagementEndpoint, 'AWS_REGION']) {
      expect(environment.has(name), name).toBe(true);
    }
    const secrets = container?.Secrets as { Name: string; ValueFrom: unknown }[];
    expect(secrets.map(({ Name }) => Name)).toEqual([ENV.encryptionKey]);
    expect(parentValueOf(secrets[0]?.ValueFrom)).toMatch(/EncryptionKeySecret/);
    const execution = statementsOfRole(/ExecutionRole/);
    expect(actionsOn(execution, /EncryptionKeySecret/)).toContain('secretsmanager:GetSecretValue');
  });

  it('lets the task role use the table, media, its command queue, the inbound queue and @connections only', () => {
    const task = statementsOfRole(/TaskRole/);
    expect(actionsOn(task, /Table/)).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
    expect(actionsOn(task, /MediaBucket/)).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:PutObject']));
    const commands = actionsOn(task, /whatsappsessioncommands/);
    expect(commands).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    expect(commands).not.toContain('sqs:SendMessage');
    const inbound = actionsOn(task, /Queuesinbound(?!Dlq)/);
    expect(inbound).toContain('sqs:SendMessage');
    expect(inbound).not.toContain('sqs:ReceiveMessage');
    expect(task.flatMap(actionsOf)).toContain('execute-api:ManageConnections');
    expect(actionsOn(task, /ExportsBucket|JwtSecret|EncryptionKeySecret/)).toEqual([]);
  });

  it('is left out, with a warning, while its entry module does not exist', () => {
    const { stack: without, template: withoutTemplate } = synthSample({
      workerQueues: [
        { ...(SAMPLE_WORKER_QUEUES[0] as (typeof SAMPLE_WORKER_QUEUES)[0]), worker: { module: 'none/x' } },
      ],
    });
    expect(without.whatsappWorker).toBeUndefined();
    // The API's route stacks, the queues' and the log groups' stacks, no worker stack.
    withoutTemplate.resourceCountIs('AWS::CloudFormation::Stack', without.api.routeStacks.length + 2);
    const warnings = Annotations.fromStack(without).findWarning('*', Match.stringLikeRegexp('none/x.ts'));
    expect(warnings).toHaveLength(1);
  });
});

describe('the worker image', () => {
  it('is bundled at synth with esbuild, Baileys kept external and pinned, with no Docker needed', () => {
    const app = new App({ outdir: path.join(REPO_ROOT, 'infra', 'node_modules', '.cache', 'worker-synth') });
    const host = new Stack(app, 'Host');
    const table = new dynamodb.Table(host, 'Table', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    });
    const queue = (id: string) => new sqs.Queue(host, id, { fifo: true });
    const built = new WhatsappWorker(host, 'Worker', {
      entry: workerEntryFixture(),
      table,
      mediaBucket: new s3.Bucket(host, 'Media'),
      commandQueue: { id: 'whatsapp-session-commands', queue: queue('Commands') },
      inboundQueue: { id: 'inbound', queue: queue('Inbound') },
      encryptionSecret: new secretsmanager.Secret(host, 'Key'),
      environment: { [ENV.stage]: 'test' },
    });
    // CDK runs Docker through CDK_DOCKER: pointing it nowhere proves synthesis never calls it.
    const docker = process.env.CDK_DOCKER;
    process.env.CDK_DOCKER = '/nonexistent/docker';
    const assembly = (() => {
      try {
        return app.synth();
      } finally {
        if (docker === undefined) delete process.env.CDK_DOCKER;
        else process.env.CDK_DOCKER = docker;
      }
    })();
    const image = Template.fromStack(built).toJSON() as object;
    expect(JSON.stringify(image)).toContain('dkr.ecr');
    const assets = JSON.parse(readFileSync(path.join(assembly.directory, 'Host.assets.json'), 'utf8')) as {
      dockerImages: Record<string, { source: { directory: string } }>;
    };
    const images = Object.values(assets.dockerImages);
    expect(images).toHaveLength(1);
    const dir = path.join(assembly.directory, images[0]?.source.directory as string);
    const bundle = readFileSync(path.join(dir, 'index.mjs'), 'utf8');
    expect(bundle).toMatch(/from\s*"baileys"/);
    expect(bundle).toContain('QUEUE_URLS');
    expect(existsSync(path.join(dir, 'index.mjs.map'))).toBe(true);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const installed = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'node_modules', 'baileys', 'package.json'), 'utf8'),
    ) as { version: string };
    expect(manifest.dependencies).toEqual({ baileys: installed.version });
    const dockerfile = readFileSync(path.join(dir, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM .*node:22-slim$/m);
    expect(dockerfile).toContain('npm install --omit=dev');
  });
});
