import {
  acceptInvitation,
  declineInvitation,
  leaveCompany,
  listInvitations,
} from '@atende/shared/contracts/auth/invitations';
import { callRoute } from '../../../lib/api/call-route.ts';

export const invitationsKey = ['account', 'invitations'] as const;

export const fetchInvitations = () => callRoute(listInvitations);

export const postAccept = (companyId: string) => callRoute(acceptInvitation, { params: { companyId } });

export const deleteInvitation = (companyId: string) =>
  callRoute(declineInvitation, { params: { companyId } });

export const postLeave = (companyId: string) => callRoute(leaveCompany, { params: { companyId } });
