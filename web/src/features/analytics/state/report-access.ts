import type { SavedReportView } from '@atende/shared/contracts/analytics/saved-reports';

/** Who may move, edit or remove a saved report, as the server decides it: its author or an admin. */
export const canChangeReport = (
  report: Pick<SavedReportView, 'created_by'>,
  me: { _id: string; role: string } | undefined,
): boolean => me !== undefined && (me.role === 'admin' || report.created_by === me._id);
