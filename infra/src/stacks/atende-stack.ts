import { DOMAINS, type RouteContract } from '@atende/shared/contracts/types';
import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import { ENV } from '@atende/shared/infra/env';
import { ROLLOUTS } from '@atende/shared/domain/features';
import type { HandlerRef } from '@atende/shared/infra/handlers';
import {
  QUEUES,
  type QueueDefinition,
  WORKER_QUEUES,
  type WorkerQueueDefinition,
} from '@atende/shared/infra/queues';
import { SCHEDULES, type ScheduleDefinition } from '@atende/shared/infra/schedules';
import { TABLES, type TableDefinition } from '@atende/shared/infra/tables';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { BUCKET_USERS, EMAIL_SENDERS } from '../access.ts';
import { Api } from '../api.ts';
import { BucketCors } from '../bucket-cors.ts';
import { CAMPAIGN_STARTS_HANDLER, CAMPAIGNS_API_HANDLER, CampaignStarts } from '../campaign-starts.ts';
import { Data, EXPORTS_CORS_METHODS, MEDIA_CORS_METHODS } from '../data.ts';
import { EdgeHeaders } from '../edge-headers.ts';
import { EMAIL_RECEIPT_HANDLER, InboundEmail } from '../email.ts';
import { grantKeyUsagePlans } from '../key-usage-plans.ts';
import { DEFAULT_FUNCTIONS_ROOT, Functions } from '../functions.ts';
import { Queues } from '../queues.ts';
import { Realtime, type WebSocketDefinition } from '../realtime.ts';
import { Schedules } from '../schedules.ts';
import { Streams } from '../streams.ts';
import { WebAcl } from '../waf.ts';
import { Web } from '../web.ts';
import { WhatsappWorker } from '../whatsapp-worker.ts';

export interface AtendeStackProps extends StackProps {
  /** Deployment stage: API stage names, physical name prefix and the functions' STAGE. */
  stage: string;
  /**
   * The app's browser origins: the only ones (besides widget and API-key routes) the API's CORS answers, and
   * the buckets' CORS. Default: the custom domain, else the public base URL, else the CloudFront domain.
   */
  corsOrigins?: string[];
  /** The CloudFront-scope web ACL (made in us-east-1 by EdgeWafStack); a stack in us-east-1 may omit it. */
  cloudFrontWebAclArn?: string;
  /** A custom domain for CloudFront and its ACM certificate (in us-east-1): enforces TLS 1.2 or newer. */
  domain?: { names: string[]; certificateArn: string };
  /** An existing Secrets Manager secret holding the token signing key; a generated one otherwise. */
  jwtSecretArn?: string;
  /** An existing Secrets Manager secret holding ENCRYPTION_KEY (provider credentials); generated otherwise. */
  encryptionKeySecretArn?: string;
  /** Public https origin (custom domain) handed to functions for links and provider webhook URLs. */
  publicBaseUrl?: string;
  /**
   * Rollout flags on for every company (`PLATFORM_ROLLOUTS`); a company's blacklist can still turn the
   * blacklistable ones off (spec point 5). Each must be a known flag of shared's `ROLLOUTS`.
   */
  platformRollouts?: readonly string[];
  /** Addresses or domains the SES receipt rule accepts; every verified domain's when absent. */
  mailRecipients?: string[];
  /**
   * SES identities (domains or addresses) the product sends from; the e-mail senders may use only these.
   * Default: the receipt domains. With neither, no function may send through SES.
   */
  mailIdentities?: string[];
  /** Definitions default to shared's single sources; tests pass samples. */
  routes?: readonly RouteContract[];
  domains?: Readonly<Record<string, { handler: HandlerRef }>>;
  tables?: readonly TableDefinition[];
  queues?: readonly QueueDefinition[];
  workerQueues?: readonly WorkerQueueDefinition[];
  schedules?: readonly ScheduleDefinition[];
  websocket?: WebSocketDefinition;
  functionsRoot?: string;
  webDistPath?: string;
}

/** The WhatsApp session worker's command queue (shared's WORKER_QUEUES names its entry module). */
const WHATSAPP_WORKER_QUEUE = 'whatsapp-session-commands';
const INBOUND_QUEUE = 'inbound';

/**
 * Functions get the secret's ARN, never its value: they read it from Secrets Manager at cold start.
 * Derived from shared's name so the two cannot drift.
 */
export const JWT_SECRET_ARN_VARIABLE = ENV.jwtSecretArn;

/** Functions read ENCRYPTION_KEY from this secret at cold start (functions/src/integrations/crypto.ts). */
export const ENCRYPTION_KEY_ARN_VARIABLE = ENV.encryptionKeyArn;

/** A typo in a flag would silently roll nothing out: only shared's flag names are accepted. */
export function platformRolloutsValue(flags: readonly string[]): string {
  const known: readonly string[] = Object.values(ROLLOUTS);
  const unknown = flags.filter((flag) => !known.includes(flag));
  if (unknown.length > 0) {
    throw new Error(`Unknown platform rollout flag(s): ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
  }
  return [...new Set(flags)].join(',');
}

/** The whole product in one stack, one construct per concern. */
export class AtendeStack extends Stack {
  readonly data: Data;
  readonly functions: Functions;
  readonly queues: Queues;
  readonly realtime: Realtime | undefined;
  readonly api: Api;
  readonly schedules: Schedules;
  /** EventBridge Scheduler's one-time starts of scheduled campaigns (when both campaign Lambdas exist). */
  readonly campaignStarts: CampaignStarts | undefined;
  readonly streams: Streams;
  readonly web: Web;
  readonly inboundEmail: InboundEmail | undefined;
  readonly whatsappWorker: WhatsappWorker | undefined;

  constructor(scope: Construct, id: string, props: AtendeStackProps) {
    super(scope, id, props);
    const namePrefix = `atende-${props.stage}-`;
    const publicOrigin = props.publicBaseUrl ? [new URL(props.publicBaseUrl).origin] : undefined;
    const corsOrigins =
      props.corsOrigins ?? props.domain?.names.map((name) => `https://${name}`) ?? publicOrigin;
    const websocket = props.websocket ?? WEBSOCKET_API;
    const domains: Readonly<Record<string, { handler: HandlerRef }>> = props.domains ?? DOMAINS;

    this.data = new Data(this, 'Data', {
      namePrefix,
      ...(corsOrigins ? { corsOrigins } : {}),
      ...(props.tables ? { tables: props.tables } : {}),
    });
    const jwtSecret = this.jwtSecret(props.jwtSecretArn);
    const encryptionSecret = this.encryptionSecret(props.encryptionKeySecretArn);

    const sharedEnvironment = {
      [ENV.stage]: props.stage,
      [ENV.tablePrefix]: namePrefix,
      [ENV.queuePrefix]: namePrefix,
      ...(props.publicBaseUrl ? { [ENV.publicBaseUrl]: props.publicBaseUrl } : {}),
      // Without configured origins the SPA calls the API same-origin through CloudFront and needs no CORS.
      ...(corsOrigins ? { [ENV.appOrigins]: corsOrigins.join(',') } : {}),
    };
    this.functions = new Functions(this, 'Functions', {
      domains,
      queues: props.queues ?? QUEUES,
      tables: props.tables ?? TABLES,
      schedules: props.schedules ?? SCHEDULES,
      realtime: { handler: websocket.handler, authorizer: websocket.authorizer },
      mail: EMAIL_RECEIPT_HANDLER,
      ...(props.functionsRoot ? { functionsRoot: props.functionsRoot } : {}),
      environment: {
        ...sharedEnvironment,
        [ENV.mediaBucket]: this.data.mediaBucket.bucketName,
        [ENV.exportsBucket]: this.data.exportsBucket.bucketName,
        [JWT_SECRET_ARN_VARIABLE]: jwtSecret.secretArn,
        [ENCRYPTION_KEY_ARN_VARIABLE]: encryptionSecret.secretArn,
        // Every function may decide route access (functions/src/company/access-context.ts), which reads it.
        ...(props.platformRollouts
          ? { [ENV.platformRollouts]: platformRolloutsValue(props.platformRollouts) }
          : {}),
      },
    });
    const lookup = (ref: HandlerRef) => this.functions.get(ref);

    this.queues = new Queues(this, 'Queues', {
      namePrefix,
      definitions: props.queues ?? QUEUES,
      workerDefinitions: props.workerQueues ?? WORKER_QUEUES,
      lambdaOf: lookup,
    });
    this.functions.addEnvironment(ENV.queueUrls, this.queues.urlsJson());
    const tables = props.tables ?? TABLES;
    this.streams = new Streams(this, 'Streams', {
      namePrefix,
      tables: tables.flatMap((definition, index) => {
        const table = this.data.tables[index];
        return table ? [{ definition, table }] : [];
      }),
      lambdaOf: lookup,
    });

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

    // Every function may open sealed credentials (the authorizer reads integration records for the widget).
    for (const fn of this.functions.all()) {
      jwtSecret.grantRead(fn);
      encryptionSecret.grantRead(fn);
    }
    // The authorizer checks the session, employee and company of every request.
    if (authorizer) for (const table of this.data.tables) table.grantReadData(authorizer);
    for (const fn of this.functions.application()) {
      for (const table of this.data.tables) table.grantReadWriteData(fn);
      this.realtime?.grantManageConnections(fn);
    }
    // Queue rights are granted by Queues: producers send, consumers receive through their event source.
    this.grantBuckets(lookup);
    this.grantEmailSending(lookup, props.mailIdentities ?? props.mailRecipients ?? []);

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
      namePrefix,
      ...(props.routes ? { routes: props.routes } : {}),
    });
    const apiKeysFunction = domains.apiKeys ? lookup(domains.apiKeys.handler) : undefined;
    if (apiKeysFunction) grantKeyUsagePlans(apiKeysFunction, this.api.restApi, props.stage);
    this.schedules = new Schedules(this, 'Schedules', {
      definitions: props.schedules ?? SCHEDULES,
      handler: lookup,
    });
    const campaignStartTarget = lookup(CAMPAIGN_STARTS_HANDLER);
    const campaignsApi = lookup(CAMPAIGNS_API_HANDLER);
    this.campaignStarts =
      campaignStartTarget && campaignsApi
        ? new CampaignStarts(this, 'CampaignStarts', {
            namePrefix,
            target: campaignStartTarget,
            api: campaignsApi,
          })
        : undefined;
    this.whatsappWorker = this.worker(
      props.workerQueues ?? WORKER_QUEUES,
      props.functionsRoot ?? DEFAULT_FUNCTIONS_ROOT,
      encryptionSecret,
      sharedEnvironment,
    );
    this.web = new Web(this, 'Web', {
      restApi: this.api.restApi,
      webAclArn: this.cloudFrontWebAcl(props.cloudFrontWebAclArn, namePrefix),
      headers: new EdgeHeaders(this, 'EdgeHeaders', {
        webSocketUrl: this.realtime?.url,
        mediaBucketDomain: this.data.mediaBucket.bucketRegionalDomainName,
        exportsBucketDomain: this.data.exportsBucket.bucketRegionalDomainName,
      }),
      ...(props.domain
        ? {
            domain: {
              names: props.domain.names,
              certificate: acm.Certificate.fromCertificateArn(
                this,
                'Certificate',
                props.domain.certificateArn,
              ),
            },
          }
        : {}),
      webSocketUrl: this.realtime?.url,
      logsBucket: this.data.logsBucket,
      ...(props.webDistPath ? { distPath: props.webDistPath } : {}),
    });

    if (!corsOrigins) {
      new BucketCors(this, 'BucketCors', {
        origin: `https://${this.web.distribution.distributionDomainName}`,
        buckets: [
          { bucket: this.data.mediaBucket, methods: MEDIA_CORS_METHODS },
          { bucket: this.data.exportsBucket, methods: EXPORTS_CORS_METHODS },
        ],
      });
    }

    new CfnOutput(this, 'WebUrl', { value: `https://${this.web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'RestApiUrl', { value: this.api.restApi.url });
    if (this.realtime) new CfnOutput(this, 'WebSocketUrl', { value: this.realtime.url });
    if (this.inboundEmail) {
      new CfnOutput(this, 'MailReceiptRuleSet', { value: this.inboundEmail.ruleSet.receiptRuleSetName });
    }
  }

  /**
   * CloudFront takes only a CLOUDFRONT-scope web ACL, which AWS keeps in us-east-1: a stack there makes its own,
   * any other gets the ARN of EdgeWafStack's (bin/app.ts wires it with a cross-region reference).
   */
  private cloudFrontWebAcl(arn: string | undefined, namePrefix: string): string {
    if (arn) return arn;
    if (this.region !== 'us-east-1') {
      throw new Error(
        'CloudFront needs a web ACL from us-east-1: pass cloudFrontWebAclArn (EdgeWafStack) or deploy in us-east-1.',
      );
    }
    return new WebAcl(this, 'CloudFrontWaf', { scope: 'CLOUDFRONT', name: `${namePrefix}cloudfront` }).acl
      .attrArn;
  }

  /**
   * The WhatsApp session worker, once its entry module exists (like a handler, it is left out with a warning
   * until then).
   */
  private worker(
    definitions: readonly WorkerQueueDefinition[],
    functionsRoot: string,
    encryptionSecret: secretsmanager.ISecret,
    environment: Record<string, string>,
  ): WhatsappWorker | undefined {
    const definition = definitions.find((queue) => queue.id === WHATSAPP_WORKER_QUEUE);
    const table = this.data.tables[0];
    if (!definition || !table) return undefined;
    const entry = path.join(functionsRoot, `${definition.worker.module}.ts`);
    if (!existsSync(entry)) {
      Annotations.of(this).addWarningV2(
        '@atende/infra:missing-worker',
        `No WhatsApp session worker: ${definition.worker.module}.ts does not exist yet.`,
      );
      return undefined;
    }
    return new WhatsappWorker(this, 'WhatsappWorker', {
      entry,
      table,
      mediaBucket: this.data.mediaBucket,
      commandQueue: { id: definition.id, queue: this.queues.get(definition.id) },
      inboundQueue: { id: INBOUND_QUEUE, queue: this.queues.get(INBOUND_QUEUE) },
      ...(this.realtime ? { realtime: this.realtime } : {}),
      encryptionSecret,
      environment,
    });
  }

  /** Only the handlers listed in BUCKET_USERS get rights on the media and exports buckets. */
  private grantBuckets(lookup: (ref: HandlerRef) => lambda.IFunction | undefined): void {
    const buckets = { media: this.data.mediaBucket, exports: this.data.exportsBucket };
    for (const [id, users] of Object.entries(BUCKET_USERS)) {
      const bucket = buckets[id as keyof typeof buckets];
      for (const { handler, access } of users) {
        const fn = lookup(handler);
        if (!fn) continue;
        if (access === 'read') bucket.grantRead(fn);
        else bucket.grantReadWrite(fn);
      }
    }
  }

  /** Only EMAIL_SENDERS may send through SES, and only from the configured identities. */
  private grantEmailSending(lookup: (ref: HandlerRef) => lambda.IFunction | undefined, identities: string[]) {
    if (identities.length === 0) return;
    const statement = new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: identities.map((identity) =>
        this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ),
    });
    for (const handler of EMAIL_SENDERS) lookup(handler)?.addToRolePolicy(statement);
  }

  private encryptionSecret(arn: string | undefined): secretsmanager.ISecret {
    if (arn) return secretsmanager.Secret.fromSecretCompleteArn(this, 'EncryptionKeySecret', arn);
    const secret = new secretsmanager.Secret(this, 'EncryptionKeySecret', {
      description: 'ENCRYPTION_KEY of provider credentials at rest (AES-256-GCM, stretched with SHA-256)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    NagSuppressions.addResourceSuppressions(secret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Credentials sealed under the old key no longer open after a rotation (crypto.ts names the key of ' +
          'each blob); rotating means re-sealing every integration, a planned operation.',
      },
    ]);
    return secret;
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
