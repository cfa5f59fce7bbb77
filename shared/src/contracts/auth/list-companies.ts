import * as z from 'zod';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';

export const accountCompany = z.object({ _id: objectId, name: z.string() });
export type AccountCompany = z.infer<typeof accountCompany>;

export const listAccountCompaniesResponse = z.array(accountCompany);

/**
 * The companies the signed-in account can work in (active employee, company not disabled), the current one
 * included: the account menu offers "Trocar empresa" when there is more than one.
 */
export const listAccountCompanies = defineRoute({
  id: 'auth.listCompanies',
  method: 'GET',
  path: '/auth/companies',
  domain: 'auth',
  auth: 'employee',
  response: listAccountCompaniesResponse,
});
