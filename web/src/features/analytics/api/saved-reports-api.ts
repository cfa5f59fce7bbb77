import {
  createSavedReport,
  deleteSavedReport,
  listSavedReports,
  moveSavedReport,
  type SavedReportBody,
  updateSavedReport,
} from '@atende/shared/contracts/analytics/saved-reports';
import { callRoute } from '../../../lib/api/call-route.ts';

export const savedReportKeys = { all: ['analytics', 'saved-reports'] as const };

export const savedReportsApi = {
  list: () => callRoute(listSavedReports),
  create: (body: SavedReportBody) => callRoute(createSavedReport, { body }),
  update: (id: string, body: SavedReportBody) => callRoute(updateSavedReport, { params: { id }, body }),
  remove: (id: string) => callRoute(deleteSavedReport, { params: { id } }),
  move: (id: string, direction: 'up' | 'down') =>
    callRoute(moveSavedReport, { params: { id }, body: { direction } }),
};
