import {
  DEFAULT_VARIABLES,
  type variableBody,
  type variablePatch,
  type VariableView,
  variableView,
} from '@atende/shared/contracts/variables/views';
import { newObjectId } from '@atende/shared/domain/object-id';
import { contactsPtBR } from '@atende/shared/i18n/pt-BR';
import type { z } from 'zod';
import {
  type Catalogue,
  listCatalogue,
  requireCatalogueItem,
  writeCatalogueItem,
} from '../lib/dynamo/catalogue.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import { Conflict } from '../lib/errors.ts';

export const variableCatalogue: Catalogue<VariableView> = {
  kind: 'VARIABLES',
  schema: variableView,
  unique: (variable) => variable.key,
  notFound: contactsPtBR.variableNotFound,
  taken: contactsPtBR.variableKeyTaken,
  takenField: 'key',
};

/** Spec point 3's default properties, resolved when a message is sent; always listed first. */
export const defaultVariables = (): VariableView[] =>
  DEFAULT_VARIABLES.map((key) => ({
    _id: `default:${key}`,
    key,
    label: contactsPtBR.defaultVariables[key],
    value: null,
    default: true,
  }));

const requireFreeKey = (key: string | undefined) => {
  if (key && (DEFAULT_VARIABLES as readonly string[]).includes(key)) {
    throw new Conflict(contactsPtBR.variableKeyTaken, 'key');
  }
};

export async function listVariables(auth: AuthContext) {
  const custom = await listCatalogue(variableCatalogue, auth.companyId);
  return { variables: [...defaultVariables(), ...custom.sort((a, b) => a.key.localeCompare(b.key))] };
}

export async function createVariable(auth: AuthContext, body: z.infer<typeof variableBody>) {
  requireFreeKey(body.key);
  const variable: VariableView = { _id: newObjectId(), ...body, default: false };
  await writeCatalogueItem(variableCatalogue, auth.companyId, undefined, variable);
  return variable;
}

export async function updateVariable(auth: AuthContext, id: string, body: z.infer<typeof variablePatch>) {
  requireFreeKey(body.key);
  const before = await requireCatalogueItem(variableCatalogue, auth.companyId, id);
  const after = { ...before, ...body };
  await writeCatalogueItem(variableCatalogue, auth.companyId, before, after);
  return after;
}

export async function deleteVariable(auth: AuthContext, id: string) {
  const before = await requireCatalogueItem(variableCatalogue, auth.companyId, id);
  await writeCatalogueItem(variableCatalogue, auth.companyId, before, undefined);
  return { deleted: id };
}
