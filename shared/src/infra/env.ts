/** Environment variable names shared by infra/, the local runtime and functions/. */
export const ENV = {
  stage: 'STAGE',
  tablePrefix: 'TABLE_PREFIX',
  queuePrefix: 'QUEUE_PREFIX',
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  /** 'true' when DYNAMODB_ENDPOINT is a DynamoDB Local keeping its data on disk (the local runtime). */
  dynamodbLocalOnDisk: 'DYNAMODB_LOCAL_ON_DISK',
  sqsEndpoint: 'SQS_ENDPOINT',
  s3Endpoint: 'S3_ENDPOINT',
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  websocketManagementEndpoint: 'WEBSOCKET_MANAGEMENT_ENDPOINT',
  mediaBucket: 'MEDIA_BUCKET',
  exportsBucket: 'EXPORTS_BUCKET',
  queueUrls: 'QUEUE_URLS',
  localEndpoints: 'LOCAL_ENDPOINTS',
  jwtSecret: 'JWT_SECRET',
  /** AWS: the Secrets Manager secret holding the signing secret; read once per container. */
  jwtSecretArn: 'JWT_SECRET_ARN',
  encryptionKey: 'ENCRYPTION_KEY',
  /** AWS: the Secrets Manager secret holding ENCRYPTION_KEY; read once per container. */
  encryptionKeyArn: 'ENCRYPTION_KEY_ARN',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  /** Comma-separated origins of the app, the only ones (besides widget/API-key routes) CORS answers. */
  appOrigins: 'APP_ORIGINS',
  /** JSON `{meta, messenger, dialog, gupshup, telegram}`: API roots replacing the providers' own (the local sandbox). */
  providerBaseUrls: 'PROVIDER_BASE_URLS',
  /** `smtp://host:port`: where outbound e-mail goes instead of SES (the local runtime's sandbox SMTP sink). */
  smtpUrl: 'SMTP_URL',
  /** AWS: the bucket the SES receipt rule stores inbound mail in, and the key prefix it writes under. */
  inboundMailBucket: 'INBOUND_MAIL_BUCKET',
  inboundMailPrefix: 'INBOUND_MAIL_PREFIX',
  /** JSON `{client_id, client_secret}` of the product's app in the RD Station App Store (OAuth 2). */
  rdMarketingClient: 'RDSTATION_MARKETING_CLIENT',
  /** Comma-separated rollout flags on for every company (a company's blacklist can still turn some off). */
  platformRollouts: 'PLATFORM_ROLLOUTS',
  /**
   * AWS: the REST API and stage each public-API key gets its own API Gateway key and usage plan on. Unset (the
   * local runtime) the authorizer's token bucket alone throttles keys.
   */
  restApiId: 'REST_API_ID',
  restApiStage: 'REST_API_STAGE',
  /**
   * AWS: JSON `{group, target, role}`: the EventBridge Scheduler group a scheduled campaign's one-time start
   * schedule is created in, the Lambda it invokes and the role Scheduler assumes to invoke it. Unset (the local
   * runtime) a scheduled start is a job item the local every-minute campaign schedule runs.
   */
  campaignStartScheduler: 'CAMPAIGN_START_SCHEDULER',
} as const;

export type EnvName = (typeof ENV)[keyof typeof ENV];
