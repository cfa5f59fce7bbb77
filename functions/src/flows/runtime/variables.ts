import { CONTACT_FIELDS } from '@atende/shared/contracts/flows/graph';
import type { CompanySettingsDocument } from '@atende/shared/contracts/company/settings';
import type { ContactRecord } from '../../contacts/records.ts';

const DAY_NAMES: Record<string, string> = {
  monday: 'seg',
  tuesday: 'ter',
  wednesday: 'qua',
  thursday: 'qui',
  friday: 'sex',
  saturday: 'sáb',
  sunday: 'dom',
};

/** The business period as customers read it: "seg 08:00–18:00, ter 08:00–18:00 ...". */
export function businessPeriod(settings: CompanySettingsDocument): string {
  return settings.officeHours.weekly
    .map((slot) => `${DAY_NAMES[slot.day] ?? slot.day} ${slot.start}–${slot.end}`)
    .join(', ');
}

export interface VariableSources {
  company: { name?: unknown; cnpj?: unknown };
  settings: CompanySettingsDocument;
  protocol: string;
  customerName: string;
  contact: ContactRecord | undefined;
  companyVariables: Record<string, string>;
  chatbotName: string;
  employee?: { name: string; email: string };
}

/**
 * Spec point 3's default variables, the company's own variables, contact.<field> and custom.<key>, as one
 * lookup for `{{...}}` in bot (and operator) messages.
 */
export function variableLookup(sources: VariableSources): (key: string) => string | undefined {
  const full = sources.contact?.full_name ?? sources.customerName;
  const defaults: Record<string, string | undefined> = {
    company_name: typeof sources.company.name === 'string' ? sources.company.name : undefined,
    company_cnpj: typeof sources.company.cnpj === 'string' ? sources.company.cnpj : undefined,
    business_period: businessPeriod(sources.settings),
    employee_name: sources.employee?.name,
    employee_email: sources.employee?.email,
    customer_full_name: full,
    customer_first_name: full.split(/\s+/)[0],
    chatbot_name: sources.chatbotName,
    protocol: sources.protocol,
  };
  return (key) => {
    if (key in defaults) return defaults[key];
    if (key.startsWith('contact.')) {
      const field = key.slice('contact.'.length);
      if (!(CONTACT_FIELDS as readonly string[]).includes(field) || !sources.contact) return undefined;
      const value = sources.contact[field as (typeof CONTACT_FIELDS)[number]];
      return typeof value === 'string' ? value : undefined;
    }
    if (key.startsWith('custom.')) {
      const value = sources.contact?.custom_fields[key.slice('custom.'.length)];
      return value === null || value === undefined ? undefined : String(value);
    }
    return sources.companyVariables[key];
  };
}
