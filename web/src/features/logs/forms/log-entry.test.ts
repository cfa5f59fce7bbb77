import type { AuditLogView } from '@atende/shared/contracts/logs/list-logs';
import { describe, expect, it } from 'vitest';
import { describeAction, fieldChanges } from './log-entry.ts';

const entry = (overrides: Partial<AuditLogView>): AuditLogView => ({
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  at: '2026-11-20T12:00:00.000Z',
  actor: { _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', name: 'Admin' },
  entity: 'employee',
  entityId: 'cccccccccccccccccccccccc',
  action: 'update',
  before: null,
  after: null,
  ...overrides,
});

describe('audit log entry', () => {
  it('says what was done to what in pt-BR', () => {
    expect(describeAction(entry({ entity: 'department', action: 'delete' }))).toBe('Departamento · excluiu');
    expect(describeAction(entry({ entity: 'employee', action: 'deactivate' }))).toBe(
      'Funcionário · desativou',
    );
  });

  it('lists each changed field with its value before and after', () => {
    const changes = fieldChanges(
      entry({
        before: { role: 'operator', inactive: false },
        after: { role: 'manager', inactive: true, name: 'Ana' },
      }),
    );
    expect(changes).toEqual([
      { field: 'role', before: 'operator', after: 'manager' },
      { field: 'inactive', before: 'Não', after: 'Sim' },
      { field: 'name', before: '—', after: 'Ana' },
    ]);
    expect(fieldChanges(entry({ before: { departments: ['x'] }, after: null }))).toEqual([
      { field: 'departments', before: '["x"]', after: '—' },
    ]);
  });
});
