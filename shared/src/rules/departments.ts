import type { Role } from '../domain/constants.ts';
import type { Department } from '../domain/organization.ts';
import { operatorScopeOf } from './permission-scope.ts';

export const DEPARTMENT_NAME_LIMITS = { lastLevel: 20, otherLevels: 12 } as const;
const ELLIPSIS = '...';

const truncate = (text: string, max: number): string =>
  [...text].length > max ? [...text].slice(0, max).join('') + ELLIPSIS : text;

/**
 * Spec point 3: department names are shown truncated to 20 characters for the last level of the dotted label and 12
 * for the levels above; a cut name ends with '...' (not counted in the limit).
 */
export function departmentDisplayLevels(label: string): string[] {
  const levels = label.split('.');
  return levels.map((level, index) =>
    truncate(
      level,
      index === levels.length - 1 ? DEPARTMENT_NAME_LIMITS.lastLevel : DEPARTMENT_NAME_LIMITS.otherLevels,
    ),
  );
}

export function departmentDisplayName(label: string, separator = ' / '): string {
  return departmentDisplayLevels(label).join(separator);
}

/** Every department of the tree, parents before their sub-departments. */
export function flattenDepartments(tree: readonly Department[]): Department[] {
  return tree.flatMap((department) => [department, ...flattenDepartments(department.sub_departments)]);
}

export interface DepartmentViewer {
  role: Role;
  employeeId: string;
  /** Company permission flags. */
  permissions: Record<string, boolean>;
}

/**
 * Spec point 5: an operator without allow_spies, or a manager without manage_allow_spies, sees only the departments
 * they are an employee of; everyone else sees all.
 */
export function seesAllDepartments(viewer: DepartmentViewer): boolean {
  // allow_spies is one of the operator's scope choices; a narrower one ticked with it wins (permission-scope.ts).
  if (viewer.role === 'operator') return operatorScopeOf(viewer.permissions) === 'allow_spies';
  if (viewer.role === 'manager') return viewer.permissions.manage_allow_spies === true;
  return true;
}

export function visibleDepartments<T extends { employees: readonly string[] }>(
  departments: readonly T[],
  viewer: DepartmentViewer,
): T[] {
  if (seesAllDepartments(viewer)) return [...departments];
  return departments.filter((department) => department.employees.includes(viewer.employeeId));
}
