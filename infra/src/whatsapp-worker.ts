import { ENV } from '@atende/shared/infra/env';
import { Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { workerImageContext } from './worker-image.ts';

export interface WhatsappWorkerProps {
  /** The worker's entry module (functions/src/channels/whatsapp-session/worker-main.ts in the product). */
  entry: string;
  table: dynamodb.ITable;
  mediaBucket: s3.IBucket;
  /** The queue of session commands (connect, logout, send) the worker long-polls. */
  commandQueue: { id: string; queue: sqs.IQueue };
  /** The inbound queue the worker hands received messages and statuses to, like a provider webhook. */
  inboundQueue: { id: string; queue: sqs.IQueue };
  /** Lets the worker push session state (QR codes, connected) to browsers. */
  realtime?: { managementEndpoint: string; grantManageConnections: (grantee: IGrantable) => void };
  /** The credentials key, injected as ENCRYPTION_KEY when the task starts. */
  encryptionSecret: secretsmanager.ISecret;
  /** Plain configuration shared with the functions (STAGE, TABLE_PREFIX, ...). */
  environment: Record<string, string>;
}

/** Kept out of the bundle and installed in the image (see WorkerImageOptions.external). */
const EXTERNAL_PACKAGES = ['baileys'];

/**
 * The unofficial WhatsApp session worker. It is a container, not a Lambda: each connected number keeps a
 * WebSocket to WhatsApp open for as long as the session lives, receiving messages pushed on it, which no
 * request/response function can hold. One Fargate task (0.25 vCPU, 512 MB) runs every session.
 *
 * Network: a VPC with public subnets only and a public IP on the task, no NAT gateway (about 32 USD a month
 * each); the security group admits nothing inbound, the task only dials out (WhatsApp, AWS APIs).
 *
 * Deployments stop the old task before starting the new one: two tasks would open the same sessions twice
 * and WhatsApp drops one of them ("stream replaced"). The circuit breaker rolls back a task that cannot start.
 */
export class WhatsappWorker extends NestedStack {
  readonly vpc: ec2.Vpc;
  readonly cluster: ecs.Cluster;
  readonly taskDefinition: ecs.FargateTaskDefinition;
  readonly service: ecs.FargateService;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: WhatsappWorkerProps) {
    super(scope, id, { description: 'Atende WhatsApp session worker (ECS Fargate)' });
    this.vpc = new ec2.Vpc(this, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 }],
    });
    this.cluster = new ecs.Cluster(this, 'Cluster', { vpc: this.vpc });
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.taskDefinition = new ecs.FargateTaskDefinition(this, 'Task', {
      cpu: 256,
      memoryLimitMiB: 512,
      runtimePlatform: {
        cpuArchitecture: ecs.CpuArchitecture.X86_64,
        operatingSystemFamily: ecs.OperatingSystemFamily.LINUX,
      },
    });
    const queueUrls = Stack.of(this).toJsonString({
      [props.commandQueue.id]: props.commandQueue.queue.queueUrl,
      [props.inboundQueue.id]: props.inboundQueue.queue.queueUrl,
    });
    this.taskDefinition.addContainer('Worker', {
      image: ecs.ContainerImage.fromAsset(
        workerImageContext({
          entry: props.entry,
          external: EXTERNAL_PACKAGES,
          bundle: Stack.of(this).bundlingRequired,
        }),
      ),
      logging: ecs.LogDrivers.awsLogs({ streamPrefix: 'whatsapp-session', logGroup: this.logGroup }),
      environment: {
        ...props.environment,
        AWS_REGION: Stack.of(this).region,
        [ENV.queueUrls]: queueUrls,
        [ENV.mediaBucket]: props.mediaBucket.bucketName,
        ...(props.realtime ? { [ENV.websocketManagementEndpoint]: props.realtime.managementEndpoint } : {}),
      },
      secrets: { [ENV.encryptionKey]: ecs.Secret.fromSecretsManager(props.encryptionSecret) },
      // Time to close the sockets cleanly on SIGTERM, so WhatsApp keeps the sessions for the next task.
      stopTimeout: Duration.seconds(30),
    });

    const role = this.taskDefinition.taskRole;
    props.table.grantReadWriteData(role);
    props.mediaBucket.grantReadWrite(role);
    props.commandQueue.queue.grantConsumeMessages(role);
    props.inboundQueue.queue.grantSendMessages(role);
    props.realtime?.grantManageConnections(role);

    const securityGroup = new ec2.SecurityGroup(this, 'SecurityGroup', {
      vpc: this.vpc,
      description: 'WhatsApp session worker: outbound only',
      allowAllOutbound: true,
    });
    this.service = new ecs.FargateService(this, 'Service', {
      cluster: this.cluster,
      taskDefinition: this.taskDefinition,
      desiredCount: 1,
      minHealthyPercent: 0,
      maxHealthyPercent: 100,
      circuitBreaker: { enable: true, rollback: true },
      assignPublicIp: true,
      vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC },
      securityGroups: [securityGroup],
    });
    this.suppressNag();
  }

  private suppressNag(): void {
    NagSuppressions.addResourceSuppressions(this.vpc, [
      {
        id: 'AwsSolutions-VPC7',
        reason:
          'The VPC holds one outbound-only task; its logs are in CloudWatch and flow logs would only add cost.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(this.cluster, [
      {
        id: 'AwsSolutions-ECS4',
        reason: 'One task: the service metrics and the container logs cover it without Container Insights.',
      },
    ]);
    NagSuppressions.addResourceSuppressions(
      this.taskDefinition,
      [
        {
          id: 'AwsSolutions-ECS2',
          reason:
            'The environment holds names and URLs only (table prefix, queue URLs, bucket); the encryption key ' +
            'comes from Secrets Manager through the secrets section.',
        },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Wildcards come from grant* helpers scoped to named resources: table index ARNs, bucket objects ' +
            'and the WebSocket @connections path.',
        },
      ],
      true,
    );
  }
}
