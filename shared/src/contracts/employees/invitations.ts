import * as z from 'zod';
import { ROLES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { employeeEmail } from './views.ts';

/** An invitation of the company still waiting for the person's answer (expired ones are not listed). */
export const companyInvitationView = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  departments: z.array(objectId),
  invited_by: objectId,
  created_at: z.string(),
  expires_at: z.iso.datetime(),
});
export type CompanyInvitationView = z.infer<typeof companyInvitationView>;

/** The company's pending invitations, newest first: only what the admin typed, nothing about the account. */
export const listCompanyInvitations = defineRoute({
  id: 'employees.listInvitations',
  method: 'GET',
  path: '/employees/invitations',
  domain: 'employees',
  auth: 'employee',
  access: { roles: ['admin'] },
  response: z.object({ items: z.array(companyInvitationView) }),
});

/** Withdraws a pending invitation: the person no longer sees it and can no longer accept it. 404 when answered. */
export const cancelCompanyInvitation = defineRoute({
  id: 'employees.cancelInvitation',
  method: 'DELETE',
  path: '/employees/invitations/{email}',
  domain: 'employees',
  auth: 'employee',
  access: { roles: ['admin'] },
  params: z.object({ email: employeeEmail }),
  successStatus: 204,
});
