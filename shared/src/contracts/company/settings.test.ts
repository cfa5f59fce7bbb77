import { describe, expect, it } from 'vitest';
import {
  COMPANY_SETTINGS_DEFAULTS,
  companySettingsSchema,
  mergeCompanySettings,
  readCompanySettings,
  updateCompanySettingsBody,
} from './settings.ts';

describe('company settings document', () => {
  it('has valid defaults for every section', () => {
    expect(companySettingsSchema.parse(COMPANY_SETTINGS_DEFAULTS)).toEqual(COMPANY_SETTINGS_DEFAULTS);
  });

  it('reads defaults for unsaved sections and for a stored section that no longer validates', () => {
    const read = readCompanySettings({
      leads: { enabled: true },
      chatLimits: { maxActiveChatsPerOperator: 'x' },
    });
    expect(read.leads).toEqual({ enabled: true });
    expect(read.chatLimits).toEqual(COMPANY_SETTINGS_DEFAULTS.chatLimits);
    expect(readCompanySettings(undefined)).toEqual(COMPANY_SETTINGS_DEFAULTS);
  });

  it('merges a patch field by field inside a section and replaces lists', () => {
    const patch = updateCompanySettingsBody.parse({
      intervals: { minutes: 15 },
      holidays: [{ date: '2026-01-01', name: 'Ano novo', recurring: true }],
    });
    const merged = companySettingsSchema.parse(mergeCompanySettings(COMPANY_SETTINGS_DEFAULTS, patch));
    expect(merged.intervals).toEqual({ enabled: false, minutes: 15 });
    expect(merged.holidays).toHaveLength(1);
    expect(merged.notifications).toEqual(COMPANY_SETTINGS_DEFAULTS.notifications);
  });

  it('refuses a patch naming a section or field that does not exist', () => {
    expect(updateCompanySettingsBody.safeParse({ unknown: {} }).success).toBe(false);
  });

  it('checks rules across fields: forwarding needs a department, duplicate holidays, evaluation grades 1 to 5', () => {
    const forwarding = companySettingsSchema.safeParse({
      ...COMPANY_SETTINGS_DEFAULTS,
      chatbotForwarding: { enabled: true, department: null },
    });
    expect(forwarding.error?.issues[0]?.path).toEqual(['chatbotForwarding', 'department']);
    const holiday = { date: '2026-12-25', name: 'Natal', recurring: true };
    const holidays = companySettingsSchema.safeParse({
      ...COMPANY_SETTINGS_DEFAULTS,
      holidays: [holiday, holiday],
    });
    expect(holidays.error?.issues[0]?.path).toEqual(['holidays', 1, 'date']);
    const grade = companySettingsSchema.safeParse({
      ...COMPANY_SETTINGS_DEFAULTS,
      serviceEvaluation: {
        ...COMPANY_SETTINGS_DEFAULTS.serviceEvaluation,
        flowByGrade: { '6': 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      },
    });
    expect(grade.success).toBe(false);
  });
});
