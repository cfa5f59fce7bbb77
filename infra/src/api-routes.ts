import { createHash } from 'node:crypto';
import type { RouteContract } from '@atende/shared/contracts/types';
import { NestedStack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';

/**
 * How many nested stacks hold the REST API's resources and methods. Changing it moves path segments between
 * stacks, and API Gateway refuses to create a segment in its new stack while the old one still holds it: on a
 * deployed stack, change it only together with a deployment that removes the routes first.
 */
export const ROUTE_STACK_COUNT = 4;

/** The first segment of a route path under /api ('' for the /api resource itself). */
export const topSegment = (route: Pick<RouteContract, 'path'>): string => route.path.split('/')[1] ?? '';

/**
 * A segment's stack, from a digest of its name only: adding or removing other routes never moves it, so a
 * deployed resource never has to change stacks. A whole first-level subtree shares one stack because API
 * Gateway allows only one resource per path: two stacks cannot both create /api/contacts.
 */
export const routeStackOf = (segment: string): number =>
  createHash('sha256').update(segment).digest().readUInt32BE(0) % ROUTE_STACK_COUNT;

export interface RouteGroups {
  /** Routes on /api itself, kept in the parent stack with the /api resource. */
  atPrefix: RouteContract[];
  /** Routes of each nested stack, by stack index. */
  groups: RouteContract[][];
}

export function routeGroups(routes: readonly RouteContract[]): RouteGroups {
  const atPrefix: RouteContract[] = [];
  const groups: RouteContract[][] = Array.from({ length: ROUTE_STACK_COUNT }, () => []);
  for (const route of routes) {
    const segment = topSegment(route);
    if (segment === '') atPrefix.push(route);
    else groups[routeStackOf(segment)]?.push(route);
  }
  return { atPrefix, groups };
}

export interface ApiRoutesProps {
  /** The /api resource of the parent stack: each first-level resource hangs from it. */
  prefix: apigw.IResource;
  routes: readonly RouteContract[];
  /** Adds one route's method below the resource of its first segment (the Api construct's rules). */
  addRoute: (route: RouteContract, segment: apigw.IResource) => void;
}

/**
 * One nested stack of REST API resources and methods. The methods still belong to the parent's RestApi, so its
 * deployment depends on them and is replaced whenever one of them changes, as if they were in the parent.
 */
export class ApiRoutes extends NestedStack {
  readonly segments = new Map<string, apigw.Resource>();

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id, { description: 'Atende REST API resources and methods (one group of /api paths)' });
    for (const route of props.routes) {
      const segment = topSegment(route);
      let resource = this.segments.get(segment);
      if (!resource) {
        resource = new apigw.Resource(this, `Segment-${segment}`, {
          parent: props.prefix,
          pathPart: segment,
        });
        this.segments.set(segment, resource);
      }
      props.addRoute(route, resource);
    }
  }
}
