import { fillVariables } from '@atende/shared/rules/fill-variables';
import { templatePlaceholders } from '@atende/shared/rules/template-params';
import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import type { VariableMapping } from '@atende/shared/contracts/campaigns/campaign-fields';
import type { CompanyItem } from '../company/store.ts';
import type { ContactRecord } from '../contacts/records.ts';
import { variableLookup } from '../flows/runtime/variables.ts';

/** The same lookup the flows and operators use (default variables, contact.<field>, custom.<key>). */
export function contactLookup(
  company: CompanyItem,
  settings: CompanySettingsDocument,
  contact: ContactRecord,
) {
  return variableLookup({
    company: { name: company.name, cnpj: company.cnpj },
    settings,
    protocol: '',
    customerName: contact.full_name,
    contact,
    companyVariables: {},
    chatbotName: '',
  });
}

/** Variables of the template's header are mapped under `header_1`, `header_2`..., the body's under `1`, `2`... */
export const HEADER_PREFIX = 'header_';

/**
 * A template's parameters for one contact: each placeholder's mapping is fixed text, or a variable name
 * filled through `fillVariables` (so an unknown one shows as typed instead of going out blank).
 */
export function templateParams(
  body: string,
  mapping: VariableMapping,
  lookup: (key: string) => string | undefined,
  prefix = '',
): string[] {
  return templatePlaceholders(body).map((placeholder) => {
    const entry = mapping[`${prefix}${placeholder}`];
    if (!entry) return '';
    return entry.source === 'text' ? entry.value : fillVariables(`{{${entry.value}}}`, lookup);
  });
}
