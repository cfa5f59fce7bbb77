import type { ConversationStatus, ConversationView } from '@atende/shared/contracts/conversations/views';
import type { DepartmentNode } from '@atende/shared/contracts/departments/views';
import type { Role } from '@atende/shared/domain/constants';
import { maskSensitive, type SensitiveMaskMode, sensitiveMaskMode } from '@atende/shared/rules/customers';
import { operatorScopeOf } from '@atende/shared/rules/permission-scope';
import { reachesCustomer, type WalletMembers, type WalletReach } from '@atende/shared/rules/wallet-reach';
import * as z from 'zod';
import { readSettings } from '../company/settings-reader.ts';
import type { CompanyItem } from '../company/store.ts';
import { flatten, readTree } from '../departments/tree.ts';
import { reachOf } from './wallet-reach.ts';

/** Who is looking, with what the company lets them see (spec points 5 and 6). */
export interface Viewer {
  employeeId: string;
  role: Role;
  permissions: Record<string, boolean>;
  /** Departments the viewer is an employee of. */
  departments: ReadonlySet<string>;
  mask: SensitiveMaskMode;
  /** The customers' wallets the viewer reaches under the company's wallet limit. */
  wallets: WalletReach;
}

const flags = z.record(z.string(), z.boolean()).catch({});

export function companyDepartments(company: CompanyItem): DepartmentNode[] {
  return flatten(readTree(company.departments));
}

/** `wallets`: the company's wallets when its wallet limit is on (limitingWallets), else none. */
export function viewerOf(
  company: CompanyItem,
  employeeId: string,
  role: Role,
  wallets: readonly WalletMembers[] = [],
): Viewer {
  const permissions = flags.parse(company.permissions ?? {});
  const departments = new Set(
    companyDepartments(company)
      .filter((department) => department.employees.includes(employeeId))
      .map((department) => department._id),
  );
  const mode = readSettings(company).dataProtection.sensitive_data_mode;
  return {
    employeeId,
    role,
    permissions,
    departments,
    mask: sensitiveMaskMode(role, permissions, mode),
    wallets: reachOf(company, employeeId, role, wallets),
  };
}

type Visible = {
  status: ConversationStatus;
  department: string | null;
  employee: { _id: string } | null;
  /** The customer's wallet, copied on the conversation (wallet-sync.ts). */
  wallet: string | null;
};

/**
 * Spec points 5/6: admins see everything; everyone sees the conversations they serve (or served).
 * Managers see their departments' conversations (manage_allow_spies: every department; manage_queue_all: every
 * queue). Operators see the queues of their departments (allow_spies: every department's), others' conversations
 * only with allow_spies, allow_spies_based_on_your_department (their departments) or
 * display_operators_attendances, chatbot conversations with display_chatbot_attendances, and everything with
 * display_all_attendances. Those three scope flags are one choice: when several are on, the narrowest counts
 * (operatorScopeOf), so "apenas do seu departamento" keeps a Vendas operator out of Suporte whatever else is
 * ticked. The general queue (no department) is everyone's. Under the wallet limit (spec point
 * 5) a wallet customer's conversations are only for the wallet's members, whatever the permissions; the
 * employee serving one keeps it (an admin may hand it to them).
 */
export function canSee(viewer: Viewer, conversation: Visible): boolean {
  if (viewer.role === 'admin') return true;
  if (conversation.employee?._id === viewer.employeeId) return true;
  if (!reachesCustomer(viewer.wallets, conversation.wallet)) return false;
  const own = conversation.department === null || viewer.departments.has(conversation.department);
  const p = viewer.permissions;
  if (viewer.role === 'manager') {
    if (p.manage_allow_spies === true || own) return true;
    return conversation.status === 'queue' && p.manage_queue_all === true;
  }
  const scope = operatorScopeOf(p);
  if (scope === 'display_all_attendances') return true;
  const inDepartment = own || scope === 'allow_spies';
  switch (conversation.status) {
    case 'bot':
      return p.display_chatbot_attendances === true;
    case 'queue':
      return inDepartment;
    default:
      return inDepartment && (scope !== 'own' || p.display_operators_attendances === true);
  }
}

/**
 * Which queues the viewer may take calls from: a department they belong to, or the general queue; never a
 * customer of a wallet they are not in while the wallet limit is on.
 */
export function mayTake(viewer: Viewer, conversation: Visible): boolean {
  if (viewer.role !== 'operator') return canSee(viewer, conversation);
  if (!reachesCustomer(viewer.wallets, conversation.wallet)) return false;
  return (
    conversation.department === null ||
    viewer.departments.has(conversation.department) ||
    operatorScopeOf(viewer.permissions) === 'allow_spies'
  );
}

/** The customer's phone and e-mail as this viewer may see them. */
export function maskConversation(view: ConversationView, viewer: Pick<Viewer, 'mask'>): ConversationView {
  if (viewer.mask === 'none') return view;
  const { customer } = view;
  const nameIsContact =
    customer.full_name !== '' &&
    (customer.full_name === customer.cel_phone || customer.full_name === customer.email);
  return {
    ...view,
    customer: {
      ...customer,
      ...(nameIsContact
        ? {
            full_name: maskSensitive(
              customer.full_name,
              customer.full_name === customer.email ? 'email' : 'phone',
              viewer.mask,
            ),
          }
        : {}),
      ...(customer.cel_phone !== undefined
        ? { cel_phone: maskSensitive(customer.cel_phone, 'phone', viewer.mask) }
        : {}),
      ...(customer.email !== undefined ? { email: maskSensitive(customer.email, 'email', viewer.mask) } : {}),
    },
  };
}
