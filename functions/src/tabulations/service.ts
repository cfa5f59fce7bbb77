import { type TabulationView, tabulationView } from '@atende/shared/contracts/tabulations/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { adminPtBR } from '@atende/shared/i18n/pt-BR';
import * as z from 'zod';
import { auditActor, auditItem } from '../audit/store.ts';
import { publishRefresh } from '../company/events.ts';
import { readSettings } from '../company/settings-reader.ts';
import { changeCompany, type CompanyItem, readCompanyItem } from '../company/store.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict, NotFound } from '../lib/errors.ts';

/** Service categories live on the company record (`tabulations`), as spec point 3 lists them. */
const readTabulations = (company: CompanyItem): TabulationView[] =>
  z
    .array(tabulationView)
    .catch([])
    .parse(company.tabulations ?? []);

/** A stable slug from the first label: lowercase ASCII words joined by hyphens. */
export const slugOf = (label: string): string =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'categoria';

const sameLabel = (a: string, b: string) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }) === 0;

function requireFreeLabel(list: readonly TabulationView[], label: string, exceptId?: string): void {
  if (list.some((item) => item._id !== exceptId && sameLabel(item.label, label))) {
    throw new Conflict(adminPtBR.tabulationNameTaken, 'label');
  }
}

function uniqueName(list: readonly TabulationView[], label: string): string {
  const base = slugOf(label);
  const taken = new Set(list.map((item) => item.name));
  let name = base;
  for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}-${suffix}`;
  return name;
}

export async function listTabulations(auth: AuthContext) {
  const company = await readCompanyItem(auth.companyId);
  return {
    tabulations: readTabulations(company),
    tabulation_mode: readSettings(company).serviceCategories.tabulation_mode,
  };
}

export async function createTabulation(auth: AuthContext, label: string) {
  const actor = await auditActor(auth);
  const created = await changeCompany(auth.companyId, (company) => {
    const list = readTabulations(company);
    requireFreeLabel(list, label);
    const tabulation = { _id: newObjectId(), label, name: uniqueName(list, label) };
    return {
      set: { tabulations: [...list, tabulation] },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'tabulation',
          entityId: tabulation._id,
          action: 'create',
          before: null,
          after: tabulation,
        }),
      ],
      result: tabulation,
    };
  });
  await publishRefresh(auth.companyId, 'tabulation-create');
  return created;
}

/** A rename changes the label only: the name stays, so categorised conversations keep their category. */
export async function renameTabulation(auth: AuthContext, id: string, label: string) {
  const actor = await auditActor(auth);
  const renamed = await changeCompany(auth.companyId, (company) => {
    const list = readTabulations(company);
    const before = list.find((item) => item._id === id);
    if (!before) throw new NotFound(adminPtBR.tabulationNotFound);
    requireFreeLabel(list, label, id);
    const after = { ...before, label };
    return {
      set: { tabulations: list.map((item) => (item._id === id ? after : item)) },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'tabulation',
          entityId: id,
          action: 'update',
          before,
          after,
        }),
      ],
      result: after,
    };
  });
  await publishRefresh(auth.companyId, 'tabulation-update');
  return renamed;
}

export async function deleteTabulation(auth: AuthContext, id: string) {
  const actor = await auditActor(auth);
  await changeCompany(auth.companyId, (company) => {
    const list = readTabulations(company);
    const before = list.find((item) => item._id === id);
    if (!before) throw new NotFound(adminPtBR.tabulationNotFound);
    return {
      set: { tabulations: list.filter((item) => item._id !== id) },
      items: [
        auditItem(auth.companyId, actor, {
          entity: 'tabulation',
          entityId: id,
          action: 'delete',
          before,
          after: null,
        }),
      ],
      result: undefined,
    };
  });
  await publishRefresh(auth.companyId, 'tabulation-delete');
  return { deleted: id };
}
