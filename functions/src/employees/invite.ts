import type { InvitationSentView } from '@atende/shared/contracts/auth/invitations';
import type { CompanyInvitationView } from '@atende/shared/contracts/employees/invitations';
import { DEFAULT_TIMEZONE } from '@atende/shared/domain/constants';
import type { createEmployeeBody } from '@atende/shared/contracts/employees/create-employee';
import { interpolate } from '@atende/shared/i18n/interpolate';
import { accountsPtBR, adminPtBR, rolesPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import { appBaseUrl, sendAccountMail } from '../auth/account-mail.ts';
import {
  companyInvitations,
  invitationDeletes,
  invitationExpiry,
  invitationPuts,
  type Invitation,
} from '../auth/invitation-store.ts';
import { normalizeEmail } from '../auth/keys.ts';
import { changeCompany } from '../company/store.ts';
import { flatten, readTree } from '../departments/tree.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { anyConditionFailed, transactWrite } from '../lib/dynamo/transaction.ts';
import { NotFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { activeUsers, maxIncludedUsers } from './limits.ts';

/**
 * Invites an existing login account to the caller's company with the chosen profile. Nothing is added to the
 * company until the person accepts, and the answer tells the admin nothing about the person. The company's
 * user limit is checked now (so a full company answers the same for every e-mail) and again on acceptance.
 * The invitation is written on the company item's version, so it never races a department or limit change.
 */
export async function inviteAccount(
  auth: AuthContext,
  email: string,
  body: z.infer<typeof createEmployeeBody>,
  limitReached: (max: number) => Error,
  now = new Date(),
): Promise<InvitationSentView> {
  const invitation: Invitation = {
    companyId: auth.companyId,
    email,
    role: body.role,
    departments: [...new Set(body.departments)],
    settings: body.settings ?? {},
    invitedBy: auth.employeeId,
    createdAt: now.toISOString(),
    expiresAt: invitationExpiry(now),
  };
  const companyName = await changeCompany(auth.companyId, async (company) => {
    const known = new Set(flatten(readTree(company.departments)).map((node) => node._id));
    if (invitation.departments.some((id) => !known.has(id))) {
      throw new NotFound(adminPtBR.departmentNotFound);
    }
    const max = maxIncludedUsers(company);
    if ((await activeUsers(company, auth.companyId)) >= max) throw limitReached(max);
    return { set: {}, items: invitationPuts(invitation), result: String(company.name ?? '') };
  });
  try {
    await sendAccountMail({
      to: email,
      subject: interpolate(accountsPtBR.invitationMailSubject, { company: companyName }),
      text: interpolate(accountsPtBR.invitationMailText, {
        company: companyName,
        role: rolesPtBR[body.role],
        email,
        url: `${appBaseUrl()}/app/home`,
        date: new Intl.DateTimeFormat('pt-BR', {
          dateStyle: 'short',
          timeStyle: 'short',
          timeZone: DEFAULT_TIMEZONE,
        }).format(invitation.expiresAt * 1000),
      }),
    });
  } catch (error) {
    // The invitation stands: the person also sees it in the app after signing in.
    logger.warn('invitation mail not sent', { companyId: auth.companyId, error: String(error) });
  }
  return { invited: true, email };
}

/** The company's pending invitations as the admin typed them (nothing about the invited account). */
export async function listCompanyInvitations(
  auth: AuthContext,
  now = new Date(),
): Promise<{ items: CompanyInvitationView[] }> {
  const invitations = await companyInvitations(auth.companyId, now);
  return {
    items: invitations.map((invitation) => ({
      email: invitation.email,
      role: invitation.role,
      departments: invitation.departments,
      invited_by: invitation.invitedBy,
      created_at: invitation.createdAt,
      expires_at: new Date(invitation.expiresAt * 1000).toISOString(),
    })),
  };
}

/** Withdraws a pending invitation (both of its items); one already accepted, declined or expired is a 404. */
export async function cancelCompanyInvitation(auth: AuthContext, email: string): Promise<void> {
  try {
    await transactWrite({ invitation: invitationDeletes(auth.companyId, normalizeEmail(email), true) });
  } catch (error) {
    if (anyConditionFailed(error)) throw new NotFound(adminPtBR.invitationNotFound);
    throw error;
  }
}
