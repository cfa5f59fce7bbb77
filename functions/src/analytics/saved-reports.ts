import {
  MAX_SAVED_REPORTS,
  type SavedReportBody,
  type SavedReportView,
  savedReportView,
} from '@atende/shared/contracts/analytics/saved-reports';
import { newObjectId } from '@atende/shared/domain/object-id';
import { analyticsPtBR as t } from '@atende/shared/i18n/analytics';
import { foldText } from '../contacts/text.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import {
  type Catalogue,
  listCatalogue,
  requireCatalogueItem,
  writeCatalogueItem,
} from '../lib/dynamo/catalogue.ts';
import { Conflict, Forbidden } from '../lib/errors.ts';

/** The report builder's saved reports: a small per-company list, names unique in the company. */
const savedReports: Catalogue<SavedReportView> = {
  kind: 'AN_REPORTS',
  schema: savedReportView,
  unique: (report) => foldText(report.name),
  notFound: t.builder.notFound,
  taken: t.builder.nameTaken,
  takenField: 'name',
};

export async function listReports(auth: AuthContext) {
  const reports = await listCatalogue(savedReports, auth.companyId);
  return {
    reports: reports.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name, 'pt-BR')),
  };
}

export async function createReport(auth: AuthContext, body: SavedReportBody): Promise<SavedReportView> {
  // Read-then-write: two creations racing past the bound leave 51, which only costs a longer list.
  if ((await listCatalogue(savedReports, auth.companyId)).length >= MAX_SAVED_REPORTS) {
    throw new Conflict(t.builder.tooMany);
  }
  const now = new Date().toISOString();
  const report = {
    ...body,
    _id: newObjectId(),
    created_by: auth.employeeId,
    created_at: now,
    updated_at: now,
  };
  await writeCatalogueItem(savedReports, auth.companyId, undefined, report);
  return report;
}

/** Everyone in the company sees the shared reports; only their author or an admin changes one. */
async function editable(auth: AuthContext, id: string): Promise<SavedReportView> {
  const report = await requireCatalogueItem(savedReports, auth.companyId, id);
  if (auth.role !== 'admin' && report.created_by !== auth.employeeId) throw new Forbidden(t.builder.notYours);
  return report;
}

export async function updateReport(
  auth: AuthContext,
  id: string,
  body: SavedReportBody,
): Promise<SavedReportView> {
  const before = await editable(auth, id);
  const after = { ...before, ...body, updated_at: new Date().toISOString() };
  await writeCatalogueItem(savedReports, auth.companyId, before, after);
  return after;
}

export async function deleteReport(auth: AuthContext, id: string) {
  const before = await editable(auth, id);
  await writeCatalogueItem(savedReports, auth.companyId, before, undefined);
  return { deleted: id };
}
