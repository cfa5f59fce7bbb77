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
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';

/** The report builder's saved reports: a small per-company list, names unique in the company. */
const savedReports: Catalogue<SavedReportView> = {
  kind: 'AN_REPORTS',
  schema: savedReportView,
  unique: (report) => foldText(report.name),
  notFound: t.builder.notFound,
  taken: t.builder.nameTaken,
  takenField: 'name',
};

/** A private report is its author's alone: anyone else (an admin included) neither lists nor reaches it. */
const visibleTo = (auth: AuthContext, report: SavedReportView) =>
  report.visibility !== 'private' || report.created_by === auth.employeeId;

const dashboardOrder = (a: SavedReportView, b: SavedReportView) =>
  a.position - b.position || a.name.localeCompare(b.name, 'pt-BR');

/** The reports the caller sees, in dashboard order. */
async function visibleReports(auth: AuthContext): Promise<SavedReportView[]> {
  const reports = await listCatalogue(savedReports, auth.companyId);
  return reports.filter((report) => visibleTo(auth, report)).sort(dashboardOrder);
}

export async function listReports(auth: AuthContext) {
  return { reports: await visibleReports(auth) };
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
  if (!visibleTo(auth, report)) throw new NotFound(t.builder.notFound);
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

/**
 * Swaps a report with its neighbour among the reports the caller sees, renumbering that list 0..n-1 so equal
 * or sparse positions from older saves move predictably; only reports whose position changes are written.
 */
export async function moveReport(auth: AuthContext, id: string, direction: 'up' | 'down') {
  await editable(auth, id);
  const list = await visibleReports(auth);
  const from = list.findIndex((report) => report._id === id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= list.length) return { reports: list };
  const arranged = [...list];
  [arranged[from], arranged[to]] = [arranged[to] as SavedReportView, arranged[from] as SavedReportView];
  const now = new Date().toISOString();
  const reports: SavedReportView[] = [];
  for (const [position, report] of arranged.entries()) {
    if (report.position === position) {
      reports.push(report);
      continue;
    }
    const after = { ...report, position, updated_at: now };
    await writeCatalogueItem(savedReports, auth.companyId, report, after);
    reports.push(after);
  }
  return { reports };
}
