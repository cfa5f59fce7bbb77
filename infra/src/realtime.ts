import { WEBSOCKET_API } from '@atende/shared/contracts/websocket';
import type { HandlerRef } from '@atende/shared/infra/handlers';
import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';

/** The shape of shared's WEBSOCKET_API that the AWS side needs. */
export interface WebSocketDefinition {
  routeSelectionExpression: string;
  routeKeys: readonly string[];
  /** Routes whose Lambda result is sent back to the calling socket. */
  twoWayRouteKeys?: readonly string[];
  identitySource: readonly string[];
  handler: HandlerRef;
  authorizer: HandlerRef;
}

export interface RealtimeProps {
  definition?: WebSocketDefinition;
  stageName: string;
  handler: lambda.IFunction;
  authorizer: lambda.IFunction;
}

const CONNECT = '$connect';

/** API Gateway WebSocket API: every route key to the realtime Lambda, the token checked once on $connect. */
export class Realtime extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    const definition = props.definition ?? WEBSOCKET_API;
    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      routeSelectionExpression: definition.routeSelectionExpression,
      description: 'Atende realtime events',
    });
    const integration = new WebSocketLambdaIntegration('Realtime', props.handler);
    const authorizer = new WebSocketLambdaAuthorizer('TokenAuthorizer', props.authorizer, {
      identitySource: [...definition.identitySource],
    });
    const twoWay = new Set(definition.twoWayRouteKeys ?? []);
    for (const routeKey of definition.routeKeys) {
      const route = this.api.addRoute(routeKey, {
        integration,
        ...(routeKey === CONNECT ? { authorizer } : {}),
        ...(twoWay.has(routeKey) ? { returnResponse: true } : {}),
      });
      if (routeKey !== CONNECT) {
        NagSuppressions.addResourceSuppressions(route, [
          {
            id: 'AwsSolutions-APIG4',
            reason:
              'WebSocket authorization happens once on $connect; API Gateway allows no authorizer on other ' +
              'routes and hands them the $connect authorizer context.',
          },
        ]);
      }
    }

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stageName,
      autoDeploy: true,
      throttle: { rateLimit: 500, burstLimit: 1000 },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs) },
    });
  }

  /** The https endpoint of the @connections management API, for ApiGatewayManagementApiClient. */
  get managementEndpoint(): string {
    return this.stage.callbackUrl;
  }

  /** The wss:// URL browsers connect to. */
  get url(): string {
    return this.stage.url;
  }

  /** Lets a function post to, inspect and close connections (execute-api:ManageConnections). */
  grantManageConnections(grantee: IGrantable): void {
    this.stage.grantManagementApiAccess(grantee);
  }
}
