import type { FlowGraph } from '@atende/shared/contracts/flows/graph';
import { flowRuntimePtBR } from '@atende/shared/i18n/pt-BR-flows';
import { readSettings } from '../../company/settings-reader.ts';
import type { CompanyItem } from '../../company/store.ts';
import { companyDepartments } from '../../conversations/visibility.ts';

/** The session's flow id of the built-in departments menu (not an object id, so never a stored flow). */
export const DEPARTMENTS_MENU = 'departments-menu';

/**
 * The departments menu of the settings (department_mode) as a graph the interpreter runs: the company's
 * message and one option per department, each handing off to that department's queue. Undefined when the
 * mode is off or there are no departments.
 */
export function departmentsMenuGraph(company: CompanyItem): FlowGraph | undefined {
  const menu = readSettings(company).departmentsMenu;
  const departments = companyDepartments(company);
  if (!menu.department_mode || departments.length === 0) return undefined;
  const at = { x: 0, y: 0 };
  return {
    nodes: [
      { id: 'start', type: 'start', position: at, data: {} },
      {
        id: 'menu',
        type: 'menu',
        position: at,
        data: {
          text: menu.message.trim() || flowRuntimePtBR.chooseDepartment,
          options: departments
            .slice(0, 10)
            .map((department) => ({ id: department._id, label: department.name })),
        },
      },
      ...departments.slice(0, 10).map((department) => ({
        id: `to-${department._id}`,
        type: 'handoff' as const,
        position: at,
        data: { department: department._id, employee: null },
      })),
    ],
    edges: [
      { id: 'start-menu', source: 'start', target: 'menu' },
      ...departments.slice(0, 10).map((department) => ({
        id: `menu-${department._id}`,
        source: 'menu',
        target: `to-${department._id}`,
        sourceHandle: department._id,
      })),
    ],
  };
}
