import type { createDepartmentBody } from '@atende/shared/contracts/departments/create-department';
import type { updateDepartmentBody } from '@atende/shared/contracts/departments/update-department';
import { DEFAULT_TAG_COLOR, type DepartmentNode } from '@atende/shared/contracts/departments/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import { seesAllDepartments, visibleDepartments } from '@atende/shared/rules/departments';
import * as z from 'zod';
import { auditActor, auditItem } from '../audit/store.ts';
import { publishRefresh } from '../company/events.ts';
import { readSettings, SETTINGS_ATTRIBUTE, settingsWithoutDepartments } from '../company/settings-reader.ts';
import { changeCompany, readCompanyItem } from '../company/store.ts';
import { existingEmployeeIds } from '../employees/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, NotFound } from '../lib/errors.ts';
import { runDepartmentDeletedHooks } from './hooks.ts';
import { flatten, insert, locate, mapNode, readTree, relabel, remove, sameName, siblings } from './tree.ts';

const permissionFlags = z.record(z.string(), z.boolean()).catch({});

/** What the audit trail keeps of a department: itself, not its subtree. */
const summary = ({ sub_departments: _subtree, ...node }: DepartmentNode) => node;

/** Department members must be employees of the caller's company; any other id is not found here. */
async function requireEmployees(companyId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await existingEmployeeIds(companyId, ids);
  if (ids.some((id) => !found.has(id))) throw new NotFound(adminPtBR.departmentUnknownEmployee);
}

function requireFreeName(nodes: readonly DepartmentNode[], name: string, exceptId?: string): void {
  if (nodes.some((node) => node._id !== exceptId && sameName(node.name, name))) {
    throw new Conflict(adminPtBR.departmentNameTaken, 'name');
  }
}

/** Spec point 5: a restricted operator or manager gets only the departments they belong to, as a flat list. */
export async function listDepartments(auth: AuthContext) {
  const company = await readCompanyItem(auth.companyId);
  const tree = readTree(company.departments);
  const viewer = {
    role: auth.role,
    employeeId: auth.employeeId,
    permissions: permissionFlags.parse(company.permissions),
  };
  if (seesAllDepartments(viewer)) return { departments: tree, seesAll: true };
  const own = visibleDepartments(flatten(tree), viewer).map((node) => ({ ...node, sub_departments: [] }));
  return { departments: own, seesAll: false };
}

export async function createDepartment(auth: AuthContext, body: z.infer<typeof createDepartmentBody>) {
  const employees = [...new Set(body.employees)];
  await requireEmployees(auth.companyId, employees);
  const actor = await auditActor(auth);
  const node = await changeCompany(auth.companyId, (company) => {
    const tree = readTree(company.departments);
    const parent = body.parent ? locate(tree, body.parent)?.node : undefined;
    if (body.parent && !parent) throw new NotFound(adminPtBR.departmentNotFound);
    requireFreeName(siblings(tree, body.parent), body.name);
    const created: DepartmentNode = {
      _id: newObjectId(),
      name: body.name,
      label: parent ? `${parent.label}.${body.name}` : body.name,
      employees,
      sub_departments: [],
      tag_color: body.tag_color ?? parent?.tag_color ?? DEFAULT_TAG_COLOR,
      view_all_contacts: body.view_all_contacts,
    };
    return {
      set: { departments: insert(tree, body.parent, created) },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'department',
          entityId: created._id,
          action: 'create',
          before: null,
          after: summary(created),
        }),
      ],
      result: created,
    };
  });
  await publishRefresh(auth.companyId, 'departments-update');
  return node;
}

export async function updateDepartment(
  auth: AuthContext,
  id: string,
  body: z.infer<typeof updateDepartmentBody>,
) {
  const employees = body.employees ? [...new Set(body.employees)] : undefined;
  if (employees) await requireEmployees(auth.companyId, employees);
  const actor = await auditActor(auth);
  const node = await changeCompany(auth.companyId, (company) => {
    const tree = readTree(company.departments);
    const found = locate(tree, id);
    if (!found) throw new NotFound(adminPtBR.departmentNotFound);
    const { node: before, parent } = found;
    const name = body.name ?? before.name;
    if (body.name) requireFreeName(siblings(tree, parent?._id), name, id);
    const after = relabel(
      {
        ...before,
        name,
        ...(employees ? { employees } : {}),
        ...(body.tag_color ? { tag_color: body.tag_color } : {}),
        ...(body.view_all_contacts !== undefined ? { view_all_contacts: body.view_all_contacts } : {}),
      },
      parent ? `${parent.label}.${name}` : name,
    );
    return {
      set: { departments: mapNode(tree, id, () => after) },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'department',
          entityId: id,
          action: 'update',
          before: summary(before),
          after: summary(after),
        }),
      ],
      result: after,
    };
  });
  await publishRefresh(auth.companyId, 'departments-update');
  return node;
}

/**
 * Deletes a department and its sub-departments. Their member lists go with them (an employee's departments
 * are read from the tree), settings pointing at them fall back (forwarding off, outcome to the queue), and
 * the deleted-department hooks send their conversations back to the company queue.
 */
export async function deleteDepartment(auth: AuthContext, id: string) {
  const actor = await auditActor(auth);
  const { removed, wasSub } = await changeCompany(auth.companyId, (company) => {
    const tree = readTree(company.departments);
    const found = locate(tree, id);
    if (!found) throw new NotFound(adminPtBR.departmentNotFound);
    const result = remove(tree, id);
    const settings = settingsWithoutDepartments(readSettings(company), result.removed);
    return {
      set: { departments: result.tree, ...(settings ? { [SETTINGS_ATTRIBUTE]: settings } : {}) },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'department',
          entityId: id,
          action: 'delete',
          before: { ...summary(found.node), removed: result.removed },
          after: null,
        }),
      ],
      result: { removed: result.removed, wasSub: found.parent !== undefined },
    };
  });
  await publishRefresh(auth.companyId, wasSub ? 'sub-department-delete' : 'department-delete');
  await runDepartmentDeletedHooks(auth.companyId, removed);
  return { deleted: removed };
}
