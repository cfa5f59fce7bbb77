import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const rolloutsResponse = z.array(z.string());

/** The rollout flags switched on for the company. */
export const getRollouts = defineRoute({
  id: 'account.getRollouts',
  method: 'GET',
  path: '/rollouts/{companyId}',
  domain: 'account',
  auth: 'employee',
  params: z.object({ companyId: objectId }),
  response: rolloutsResponse,
});
