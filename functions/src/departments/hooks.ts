import { logger } from '../lib/logger.ts';

/**
 * Called after departments are deleted (a department with its sub-departments), so other domains can keep
 * their data consistent: the inbox registers here to send the conversations of those departments back to
 * the company queue. The deletion is already committed; a failing hook is logged and the others still run.
 */
export type DepartmentDeletedHook = (companyId: string, departmentIds: readonly string[]) => Promise<void>;

const hooks = new Set<DepartmentDeletedHook>();

/** Registers a hook; the answer unregisters it. */
export function onDepartmentDeleted(hook: DepartmentDeletedHook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

export async function runDepartmentDeletedHooks(
  companyId: string,
  departmentIds: readonly string[],
): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(companyId, departmentIds);
    } catch (error) {
      logger.error('department-deleted hook failed', {
        companyId,
        departmentIds,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
