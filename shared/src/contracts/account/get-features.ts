import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

/**
 * The company's plan features. Meaningful only under the plan-access rollout: with it off the answer is []
 * and the client, which reads the rollouts too, allows every feature (spec point 5, plan gating).
 */
export const featuresResponse = z.array(z.string());

export const getFeatures = defineRoute({
  id: 'account.getFeatures',
  method: 'GET',
  path: '/features/{companyId}',
  domain: 'account',
  auth: 'employee',
  params: z.object({ companyId: objectId }),
  response: featuresResponse,
});
