import { SETTINGS_SECTIONS } from '@atende/shared/contracts/company/settings';
import { describe, expect, it } from 'vitest';
import {
  isVisible,
  numberFieldError,
  requiredFieldError,
  sectionErrors,
  sectionFields,
  sectionPatch,
} from './settings-fields.ts';

const DEPARTMENT = 'dddddddddddddddddddddddd';
const FLOW = 'ffffffffffffffffffffffff';

describe('company settings fields', () => {
  it('reads kinds and ranges from the contract', () => {
    expect(sectionFields('autoClose')).toEqual([
      { path: 'attendant.enabled', kind: 'switch' },
      { path: 'attendant.hours', kind: 'number', min: 1, max: 720 },
      { path: 'chatbot.enabled', kind: 'switch' },
      { path: 'chatbot.hours', kind: 'number', min: 1, max: 720 },
    ]);
    expect(sectionFields('departmentsMenu')).toContainEqual({
      path: 'message',
      kind: 'textarea',
      maxLength: 1000,
    });
  });

  it('gives every form section at least one field, and the evaluation one flow per grade 1 to 5', () => {
    const sections = Object.keys(SETTINGS_SECTIONS).filter(
      (name) => name !== 'officeHours' && name !== 'holidays',
    );
    for (const section of sections) expect(sectionFields(section as never).length).toBeGreaterThan(0);
    const flows = sectionFields('serviceEvaluation').filter((field) => field.kind === 'flow');
    expect(flows.map((field) => field.path)).toEqual([1, 2, 3, 4, 5].map((grade) => `flowByGrade.${grade}`));
  });

  it('labels enum options in pt-BR', () => {
    const queue = sectionFields('queue').find((field) => field.path === 'outsideOfficeHours');
    expect(queue?.options).toEqual([
      { value: 'keep', label: 'Manter na fila' },
      { value: 'reject', label: 'Recusar com mensagem' },
    ]);
  });

  it('shows dependent fields only for the matching choice', () => {
    const fields = sectionFields('invalidResponses');
    const flow = fields.find((field) => field.path === 'outcome.flowId');
    const department = fields.find((field) => field.path === 'outcome.department');
    if (!flow || !department) throw new Error('outcome fields missing');
    expect(isVisible(flow, { outcome: { kind: 'flow' } })).toBe(true);
    expect(isVisible(department, { outcome: { kind: 'flow' } })).toBe(false);
    expect(isVisible(department, { outcome: { kind: 'department' } })).toBe(true);
  });

  it("says 'Obrigatório' for an empty number and names the range for one outside it", () => {
    expect(numberFieldError(undefined, 1, 720)).toBe('Obrigatório');
    expect(numberFieldError(null, 1, 720)).toBe('Obrigatório');
    expect(numberFieldError(0, 1, 720)).toBe('Informe um valor entre 1 e 720.');
    expect(numberFieldError(721, 1, 720)).toBe('Informe um valor entre 1 e 720.');
    expect(numberFieldError(24, 1, 720)).toBeUndefined();
    expect(requiredFieldError('  ')).toBe('Campo obrigatório.');
    expect(requiredFieldError('ok')).toBeUndefined();
  });

  it('keeps only the chosen branch of the outcome and drops grades without a flow', () => {
    expect(
      sectionPatch('invalidResponses', {
        enabled: true,
        limit: 3,
        outcome: { kind: 'department', department: DEPARTMENT, flowId: FLOW },
      }),
    ).toEqual({ enabled: true, limit: 3, outcome: { kind: 'department', department: DEPARTMENT } });
    expect(
      sectionPatch('serviceEvaluation', { enabled: true, flowByGrade: { '1': FLOW, '2': undefined } }),
    ).toMatchObject({ flowByGrade: { '1': FLOW } });
  });

  it('validates a section against the contract with pt-BR messages per field', () => {
    const errors = sectionErrors('autoClose', {
      attendant: { enabled: true, hours: 0 },
      chatbot: { enabled: false, hours: 800 },
    });
    expect(errors.get('attendant.hours')).toBe('Informe pelo menos 1.');
    expect(errors.get('chatbot.hours')).toBe('Informe no máximo 720.');
    expect(sectionErrors('chatLimits', {}).get('maxActiveChatsPerOperator')).toBe('Obrigatório');
    expect(sectionErrors('chatLimits', { maxActiveChatsPerOperator: 5 }).size).toBe(0);
  });
});
