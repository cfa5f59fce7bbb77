import { DOMAINS, type RouteContract } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { ENV } from '@atende/shared/infra/env';
import type { HandlerRef } from '@atende/shared/infra/handlers';
import { QUEUES, type QueueDefinition } from '@atende/shared/infra/queues';
import { SCHEDULES, type ScheduleDefinition } from '@atende/shared/infra/schedules';
import type { TableDefinition } from '@atende/shared/infra/tables';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { Api } from '../api.ts';
import { Data } from '../data.ts';
import { EMAIL_RECEIPT_HANDLER, InboundEmail } from '../email.ts';
import { Functions } from '../functions.ts';
import { Queues } from '../queues.ts';
import { Realtime, type WebSocketDefinition } from '../realtime.ts';
import { Schedules } from '../schedules.ts';
import { Web } from '../web.ts';

export interface AtendeStackProps extends StackProps {
  /** Deployment stage: API stage names, physical name prefix and the functions' STAGE. */
  stage: string;
  /** Origins allowed to call the API and S3 directly from a browser (CloudFront serves both same-origin). */
  corsOrigins?: string[];
  /** An existing Secrets Manager secret holding the token signing key; a generated one otherwise. */
  jwtSecretArn?: string;
  /** Public https origin (custom domain) handed to functions for links and provider webhook URLs. */
  publicBaseUrl?: string;
  /** Addresses or domains the SES receipt rule accepts; every verified domain's when absent. */
  mailRecipients?: string[];
  /** Definitions default to shared's single sources; tests pass samples. */
  routes?: readonly RouteContract[];
  domains?: Readonly<Record<string, { handler: HandlerRef }>>;
  tables?: readonly TableDefinition[];
  queues?: readonly QueueDefinition[];
  schedules?: readonly ScheduleDefinition[];
  websocket?: WebSocketDefinition;
  functionsRoot?: string;
  webDistPath?: string;
}

/**
 * Functions get the secret's ARN, never its value: they read it from Secrets Manager at cold start.
 * Derived from shared's name so the two cannot drift.
 */
export const JWT_SECRET_ARN_VARIABLE = ENV.jwtSecretArn;

/** The whole product in one stack, one construct per concern. */
export class AtendeStack extends Stack {
  readonly data: Data;
  readonly functions: Functions;
  readonly queues: Queues;
  readonly realtime: Realtime | undefined;
  readonly api: Api;
  readonly schedules: Schedules;
  readonly web: Web;
  readonly inboundEmail: InboundEmail | undefined;

  constructor(scope: Construct, id: string, props: AtendeStackProps) {
    super(scope, id, props);
    const namePrefix = `atende-${props.stage}-`;
    const corsOrigins = props.corsOrigins ?? ['*'];
    const websocket = props.websocket ?? WEBSOCKET_API;
    const domains: Readonly<Record<string, { handler: HandlerRef }>> = props.domains ?? DOMAINS;

    this.data = new Data(this, 'Data', {
      namePrefix,
      corsOrigins,
      ...(props.tables ? { tables: props.tables } : {}),
    });
    const jwtSecret = this.jwtSecret(props.jwtSecretArn);

    this.functions = new Functions(this, 'Functions', {
      domains,
      queues: props.queues ?? QUEUES,
      schedules: props.schedules ?? SCHEDULES,
      realtime: { handler: websocket.handler, authorizer: websocket.authorizer },
      mail: EMAIL_RECEIPT_HANDLER,
      ...(props.functionsRoot ? { functionsRoot: props.functionsRoot } : {}),
      environment: {
        [ENV.stage]: props.stage,
        [ENV.tablePrefix]: namePrefix,
        [ENV.queuePrefix]: namePrefix,
        [ENV.mediaBucket]: this.data.mediaBucket.bucketName,
        [ENV.exportsBucket]: this.data.exportsBucket.bucketName,
        [JWT_SECRET_ARN_VARIABLE]: jwtSecret.secretArn,
        ...(props.publicBaseUrl ? { [ENV.publicBaseUrl]: props.publicBaseUrl } : {}),
      },
    });
    const lookup = (ref: HandlerRef) => this.functions.get(ref);

    this.queues = new Queues(this, 'Queues', {
      namePrefix,
      definitions: props.queues ?? QUEUES,
      consumer: lookup,
    });
    this.functions.addEnvironment(ENV.queueUrls, this.queues.urlsJson());

    const realtimeHandler = lookup(websocket.handler);
    const authorizer = lookup(websocket.authorizer);
    this.realtime =
      realtimeHandler && authorizer
        ? new Realtime(this, 'Realtime', {
            definition: websocket,
            stageName: props.stage,
            handler: realtimeHandler,
            authorizer,
          })
        : undefined;
    if (this.realtime) {
      this.functions.addEnvironment(ENV.websocketManagementEndpoint, this.realtime.managementEndpoint);
    }

    for (const fn of this.functions.all()) jwtSecret.grantRead(fn);
    // The authorizer checks the session, employee and company of every request.
    if (authorizer) for (const table of this.data.tables) table.grantReadData(authorizer);
    for (const fn of this.functions.application()) {
      for (const table of this.data.tables) table.grantReadWriteData(fn);
      this.data.mediaBucket.grantReadWrite(fn);
      this.data.exportsBucket.grantReadWrite(fn);
      this.queues.grantSend(fn);
      this.realtime?.grantManageConnections(fn);
    }

    const mailHandler = lookup(EMAIL_RECEIPT_HANDLER);
    this.inboundEmail = mailHandler
      ? new InboundEmail(this, 'InboundEmail', {
          handler: mailHandler,
          logsBucket: this.data.logsBucket,
          ...(props.mailRecipients ? { recipients: props.mailRecipients } : {}),
        })
      : undefined;

    this.api = new Api(this, 'Api', {
      stageName: props.stage,
      authorizer,
      domainFunction: (domain) => {
        const definition = domains[domain];
        return definition ? lookup(definition.handler) : undefined;
      },
      ...(props.routes ? { routes: props.routes } : {}),
    });
    this.schedules = new Schedules(this, 'Schedules', {
      definitions: props.schedules ?? SCHEDULES,
      handler: lookup,
    });
    this.web = new Web(this, 'Web', {
      restApi: this.api.restApi,
      webSocketUrl: this.realtime?.url,
      logsBucket: this.data.logsBucket,
      ...(props.webDistPath ? { distPath: props.webDistPath } : {}),
    });

    new CfnOutput(this, 'WebUrl', { value: `https://${this.web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'RestApiUrl', { value: this.api.restApi.url });
    new CfnOutput(this, 'IntegratorApiKeyId', { value: this.api.apiKey.keyId });
    if (this.realtime) new CfnOutput(this, 'WebSocketUrl', { value: this.realtime.url });
    if (this.inboundEmail) {
      new CfnOutput(this, 'MailReceiptRuleSet', { value: this.inboundEmail.ruleSet.receiptRuleSetName });
    }
  }

  private jwtSecret(arn: string | undefined): secretsmanager.ISecret {
    if (arn) return secretsmanager.Secret.fromSecretCompleteArn(this, 'JwtSecret', arn);
    const secret = new secretsmanager.Secret(this, 'JwtSecret', {
      description: 'HS256 signing key of access tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    NagSuppressions.addResourceSuppressions(secret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the signing key signs every employee out at once; it is rotated by hand in a maintenance ' +
          'window (access tokens live 15 minutes).',
      },
    ]);
    return secret;
  }
}
