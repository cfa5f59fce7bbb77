import * as z from 'zod';
import { legalBaseSchema } from '../../domain/data-protection.ts';
import { SENSITIVE_DATA_MODES } from '../../domain/constants.ts';
import { objectId } from '../../domain/object-id.ts';
import { weekdaySchema } from '../../domain/organization.ts';
import { adminPtBR, formsPtBR } from '../../i18n/pt-BR.ts';
import { isDate, TIME_PATTERN } from '../../rules/formats.ts';

/**
 * The company settings page (spec point 2, "Company settings page sections"), holidays and weekly office
 * hours, as one document. Section shapes carry no defaults so a PATCH body can be a partial section;
 * COMPANY_SETTINGS_DEFAULTS fills what was never saved. Permissions per role live in /company/permissions.
 */
const required = formsPtBR.requiredField;
const flag = z.boolean({ error: required });
const int = (min: number, max: number) => z.number({ error: required }).int().min(min).max(max);
const text = (max: number) => z.string({ error: required }).max(max);
const hours = int(1, 720);
const time = z.string({ error: required }).regex(TIME_PATTERN, adminPtBR.invalidTime);
const dayDate = z
  .string({ error: required })
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isDate(value), adminPtBR.invalidDate);

export const invalidResponseOutcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('queue') }),
  z.object({ kind: z.literal('flow'), flowId: objectId }),
  z.object({ kind: z.literal('department'), department: objectId }),
]);

export const SETTINGS_SECTIONS = {
  chatLimits: z.object({ maxActiveChatsPerOperator: int(0, 500) }),
  autoClose: z.object({
    attendant: z.object({ enabled: flag, hours }),
    chatbot: z.object({ enabled: flag, hours }),
  }),
  chatbotForwarding: z.object({ enabled: flag, department: objectId.nullable() }),
  hiddenSystemMessages: z.object({ startEnd: flag, waiting: flag, queuePosition: flag, transfer: flag }),
  serviceCategories: z.object({ tabulation_mode: flag, required: flag }),
  wallets: z.object({ wallet_mode: flag, limit_customers_to_wallet_employees: flag }),
  commands: z.object({ enabled: flag }),
  departmentsMenu: z.object({ department_mode: flag, message: text(1000) }),
  invalidResponses: z.object({ enabled: flag, limit: int(1, 10), outcome: invalidResponseOutcome }),
  serviceEvaluation: z.object({
    enabled: flag,
    expiryMinutes: int(1, 10_080),
    /** Flow started after a given grade of the 1–5 rating. */
    flowByGrade: z.partialRecord(z.enum(['1', '2', '3', '4', '5']), objectId),
    message: text(1000),
  }),
  blockDisengagedContacts: z.object({ enabled: flag, afterDays: int(1, 365) }),
  showOperatorName: z.object({ enabled: flag }),
  queue: z.object({ outsideOfficeHours: z.enum(['keep', 'reject']), rejectMessage: text(1000) }),
  intervals: z.object({ enabled: flag, minutes: int(0, 1440) }),
  whatsapp: z.object({ whatsapp_official_allow_active: flag }),
  flow: z.object({ updateDefaultFields: flag }),
  leads: z.object({ enabled: flag }),
  resendLostMessages: z.object({ enabled: flag }),
  notifications: z.object({ newCallSound: flag, newMessageSound: flag, browser: flag }),
  dynamicProperties: z.object({ enabled: flag }),
  dataProtection: z.object({
    legal_basis: legalBaseSchema,
    sensitive_data_mode: z.enum(SENSITIVE_DATA_MODES),
  }),
  officeHours: z.object({
    enabled: flag,
    weekly: z.array(z.object({ day: weekdaySchema, start: time, end: time })).max(70),
  }),
  holidays: z
    .array(z.object({ date: dayDate, name: text(80).trim().min(1, required), recurring: flag }))
    .max(200),
} as const;

type Sections = typeof SETTINGS_SECTIONS;
export type SettingsSection = keyof Sections;
export type CompanySettingsDocument = { [K in SettingsSection]: z.infer<Sections[K]> };

const workday = (day: z.infer<typeof weekdaySchema>) => ({ day, start: '08:00', end: '18:00' });

export const COMPANY_SETTINGS_DEFAULTS: CompanySettingsDocument = {
  chatLimits: { maxActiveChatsPerOperator: 0 },
  autoClose: { attendant: { enabled: false, hours: 24 }, chatbot: { enabled: false, hours: 24 } },
  chatbotForwarding: { enabled: false, department: null },
  hiddenSystemMessages: { startEnd: false, waiting: false, queuePosition: false, transfer: false },
  serviceCategories: { tabulation_mode: false, required: false },
  wallets: { wallet_mode: false, limit_customers_to_wallet_employees: false },
  commands: { enabled: true },
  departmentsMenu: { department_mode: false, message: '' },
  invalidResponses: { enabled: false, limit: 3, outcome: { kind: 'queue' } },
  serviceEvaluation: { enabled: false, expiryMinutes: 60, flowByGrade: {}, message: '' },
  blockDisengagedContacts: { enabled: false, afterDays: 30 },
  showOperatorName: { enabled: false },
  queue: { outsideOfficeHours: 'keep', rejectMessage: '' },
  intervals: { enabled: false, minutes: 0 },
  whatsapp: { whatsapp_official_allow_active: false },
  flow: { updateDefaultFields: false },
  leads: { enabled: false },
  resendLostMessages: { enabled: false },
  notifications: { newCallSound: true, newMessageSound: true, browser: true },
  dynamicProperties: { enabled: true },
  dataProtection: { legal_basis: 'none', sensitive_data_mode: 'partial' },
  officeHours: {
    enabled: false,
    weekly: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map(workday),
  },
  holidays: [],
};

/** Rules across fields of a section, reported on the field the admin has to fix. */
function crossFieldRules(doc: CompanySettingsDocument, ctx: z.RefinementCtx): void {
  if (doc.chatbotForwarding.enabled && !doc.chatbotForwarding.department) {
    ctx.addIssue({
      code: 'custom',
      path: ['chatbotForwarding', 'department'],
      message: adminPtBR.departmentRequired,
    });
  }
  if (doc.queue.outsideOfficeHours === 'reject' && doc.queue.rejectMessage.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['queue', 'rejectMessage'], message: required });
  }
  doc.officeHours.weekly.forEach((slot, index) => {
    if (slot.end <= slot.start) {
      ctx.addIssue({
        code: 'custom',
        path: ['officeHours', 'weekly', index, 'end'],
        message: adminPtBR.endBeforeStart,
      });
    }
  });
  const dates = new Set<string>();
  doc.holidays.forEach((holiday, index) => {
    if (dates.has(holiday.date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['holidays', index, 'date'],
        message: adminPtBR.duplicateHoliday,
      });
    }
    dates.add(holiday.date);
  });
}

export const companySettingsSchema = z.object(SETTINGS_SECTIONS).strict().superRefine(crossFieldRules);

/** A PATCH names the sections it changes; inside a section, the fields it changes (holidays: the whole list). */
const partialSections = Object.fromEntries(
  Object.entries(SETTINGS_SECTIONS).map(([name, schema]) => [
    name,
    (schema instanceof z.ZodObject ? schema.partial() : schema).optional(),
  ]),
) as {
  [K in SettingsSection]: z.ZodOptional<
    Sections[K] extends z.ZodObject ? ReturnType<Sections[K]['partial']> : Sections[K]
  >;
};

export const updateCompanySettingsBody = z.object(partialSections).strict();
export type CompanySettingsPatch = z.infer<typeof updateCompanySettingsBody>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Applies a patch section by section; the result still has to pass companySettingsSchema. */
export function mergeCompanySettings(current: CompanySettingsDocument, patch: CompanySettingsPatch): unknown {
  const merged: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const existing = merged[name];
    merged[name] = isRecord(existing) && isRecord(value) ? { ...existing, ...value } : value;
  }
  return merged;
}

/**
 * Pure reader for every domain: the stored document with defaults for anything never saved. A stored
 * section that no longer validates (an older shape) reads as its default instead of failing the caller.
 */
export function readCompanySettings(stored: unknown): CompanySettingsDocument {
  const source = isRecord(stored) ? stored : {};
  const result: Record<string, unknown> = {};
  for (const name of Object.keys(SETTINGS_SECTIONS) as SettingsSection[]) {
    const fallback = COMPANY_SETTINGS_DEFAULTS[name];
    const value = source[name];
    const candidate = isRecord(value) && isRecord(fallback) ? { ...fallback, ...value } : (value ?? fallback);
    const parsed = SETTINGS_SECTIONS[name].safeParse(candidate);
    result[name] = parsed.success ? parsed.data : fallback;
  }
  return result as CompanySettingsDocument;
}
