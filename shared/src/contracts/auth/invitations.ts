import * as z from 'zod';
import { ROLES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { defineRoute } from '../types.ts';
import { accountCompany } from './list-companies.ts';

/** Days an invitation to a company waits for the person's answer. */
export const INVITATION_TTL_DAYS = 7;

/**
 * What an admin's `POST /employees` answers for an e-mail that already has a login account: the person is
 * invited, and nothing about them (name, other companies) is told until they accept.
 */
export const invitationSentView = z.object({ invited: z.literal(true), email: z.string() });
export type InvitationSentView = z.infer<typeof invitationSentView>;

export const pendingInvitation = z.object({
  company: accountCompany,
  role: z.enum(ROLES),
  expires_at: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

const companyParams = z.object({ companyId: objectId });

/** The signed-in account's invitations that have not expired, newest first. */
export const listInvitations = defineRoute({
  id: 'auth.listInvitations',
  method: 'GET',
  path: '/auth/invitations',
  domain: 'auth',
  auth: 'employee',
  response: z.array(pendingInvitation),
});

/**
 * The account becomes an employee of the inviting company with the invited profile (the company's user limit
 * applies now); it then switches there with `POST /auth/switch-company`. 404 when the invitation expired.
 */
export const acceptInvitation = defineRoute({
  id: 'auth.acceptInvitation',
  method: 'POST',
  path: '/auth/invitations/{companyId}/accept',
  domain: 'auth',
  auth: 'employee',
  params: companyParams,
  response: accountCompany,
  maxBodyBytes: 1024,
});

export const declineInvitation = defineRoute({
  id: 'auth.declineInvitation',
  method: 'DELETE',
  path: '/auth/invitations/{companyId}',
  domain: 'auth',
  auth: 'employee',
  params: companyParams,
  successStatus: 204,
});

/**
 * The account leaves one of its companies: its employee there is deactivated and the membership removed, and
 * its sessions there end. Refused for the company of the current session (so the account always keeps one),
 * for the company's root admin and for its only active admin.
 */
export const leaveCompany = defineRoute({
  id: 'auth.leaveCompany',
  method: 'POST',
  path: '/auth/companies/{companyId}/leave',
  domain: 'auth',
  auth: 'employee',
  params: companyParams,
  successStatus: 204,
  maxBodyBytes: 1024,
});
