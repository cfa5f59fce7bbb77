import { describe, expect, it } from 'vitest';
import { companyRoom, departmentRoom, employeeRoom, parseRoom } from './rooms.ts';

const company = 'a'.repeat(24);
const employee = 'b'.repeat(24);

describe('room names', () => {
  it('scopes every room by company and reads it back', () => {
    expect(companyRoom(company)).toBe(`company:${company}`);
    expect(parseRoom(employeeRoom(company, employee))).toEqual({
      kind: 'employee',
      companyId: company,
      id: employee,
    });
    expect(parseRoom(departmentRoom(company, employee))).toEqual({
      kind: 'department',
      companyId: company,
      id: employee,
    });
    expect(parseRoom(companyRoom(company))).toEqual({ kind: 'company', companyId: company });
  });

  it('rejects anything else, so a key can never be built from a forged name', () => {
    for (const room of [
      'company:abc',
      `company:${company}#x`,
      `employee:${company}`,
      `wallet:${company}:${employee}`,
      `employee:${company}:${employee}:extra`,
      employee,
    ]) {
      expect(parseRoom(room)).toBeUndefined();
    }
  });
});
