import { getHealth } from './health/get-health.ts';
import type { RouteContract } from './types.ts';

/** Every REST route, once. A route that is not here does not exist. */
export const ROUTES: readonly RouteContract[] = [getHealth];
